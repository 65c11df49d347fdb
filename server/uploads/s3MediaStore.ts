import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { S3Config } from "../config";
import type { MediaStore } from "./mediaStore";

/** Uploads' bytes as objects `{prefix}{uploadId}` in the bucket of S3_URL. */
export function s3MediaStore(config: S3Config): MediaStore {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where S3 requires them: several S3-compatible servers refuse the
    // aws-chunked trailers the SDK sends by default.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const key = (uploadId: string) => `${config.prefix}${uploadId}`;
  return {
    name: "s3",
    async put(_tx, uploadId, content, mimeType) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: key(uploadId),
          Body: content,
          ContentType: mimeType,
          ContentLength: content.length,
        }),
      );
    },
    async read(uploadId, range) {
      try {
        const response = await client.send(
          new GetObjectCommand({
            Bucket: config.bucket,
            Key: key(uploadId),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return (response.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (
          error instanceof NoSuchKey ||
          (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
        ) {
          return null;
        }
        throw error;
      }
    },
    async remove(uploadId) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key(uploadId) }));
    },
  };
}
