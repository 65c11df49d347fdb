import type { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import type { S3Config } from "../config";
import type { MediaStore } from "./mediaStore";

type S3Sdk = typeof import("@aws-sdk/client-s3");

/**
 * Uploads' bytes as objects `{prefix}{uploadId}` in the bucket of S3_URL. The SDK (about 25 MB
 * and a fifth of a second of start-up) loads at the first upload or read, not at start.
 */
export function s3MediaStore(config: S3Config): MediaStore {
  let loading: Promise<{ sdk: S3Sdk; client: S3Client }> | null = null;
  const load = () => {
    loading ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: clientOf(sdk, config),
    }));
    return loading;
  };
  const key = (uploadId: string) => `${config.prefix}${uploadId}`;
  return {
    name: "s3",
    async put(_tx, uploadId, content, mimeType) {
      const { sdk, client } = await load();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: config.bucket,
          Key: key(uploadId),
          Body: content,
          ContentType: mimeType,
          ContentLength: content.length,
        }),
      );
    },
    async read(uploadId, range) {
      const { sdk, client } = await load();
      try {
        const response = await client.send(
          new sdk.GetObjectCommand({
            Bucket: config.bucket,
            Key: key(uploadId),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return (response.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (
          error instanceof sdk.NoSuchKey ||
          (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404)
        ) {
          return null;
        }
        throw error;
      }
    },
    async remove(uploadId) {
      const { sdk, client } = await load();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key: key(uploadId) }));
    },
  };
}

function clientOf(sdk: S3Sdk, config: S3Config): S3Client {
  return new sdk.S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where S3 requires them: several S3-compatible servers refuse the
    // aws-chunked trailers the SDK sends by default.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}
