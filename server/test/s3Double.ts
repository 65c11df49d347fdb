import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { S3Config } from "../config";

/**
 * An S3-compatible test double on a loopback port for the real `@aws-sdk/client-s3`: path-style
 * PutObject, GetObject (with one `Range`), HeadObject and DeleteObject on one bucket, the
 * NoSuchKey and AccessDenied errors in S3's XML. A request not signed (SigV4) with the
 * double's access key is refused, so a test sees the credentials reach it; the signature
 * itself is not recomputed.
 */
export interface S3Double {
  config: S3Config;
  objects: Map<string, { body: Buffer; contentType: string }>;
  close(): Promise<void>;
}

export const S3_DOUBLE_BUCKET = "slotted-media";
const ACCESS_KEY_ID = "AKIDOUBLE";

function xmlError(response: ServerResponse, status: number, code: string) {
  response.writeHead(status, { "content-type": "application/xml" });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
  );
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startS3Double(prefix = ""): Promise<S3Double> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const server = createServer(async (request, response) => {
    const authorization = request.headers.authorization ?? "";
    if (!authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${ACCESS_KEY_ID}/`)) {
      return xmlError(response, 403, "AccessDenied");
    }
    const url = new URL(request.url ?? "/", "http://double");
    const [, bucket, ...rest] = url.pathname.split("/");
    const key = decodeURIComponent(rest.join("/"));
    if (bucket !== S3_DOUBLE_BUCKET || key === "") return xmlError(response, 404, "NoSuchBucket");
    const body = await readBody(request);
    if (request.method === "PUT") {
      objects.set(key, {
        body,
        contentType: request.headers["content-type"] ?? "application/octet-stream",
      });
      response.writeHead(200, { etag: '"double"' });
      return response.end();
    }
    if (request.method === "DELETE") {
      objects.delete(key);
      response.writeHead(204);
      return response.end();
    }
    const object = objects.get(key);
    if (!object) return xmlError(response, 404, "NoSuchKey");
    const match = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? "");
    const start = match ? Number(match[1]) : 0;
    const end = match ? Math.min(Number(match[2]), object.body.length - 1) : object.body.length - 1;
    const part = object.body.subarray(start, end + 1);
    response.writeHead(match ? 206 : 200, {
      "content-type": object.contentType,
      "content-length": part.length,
      ...(match ? { "content-range": `bytes ${start}-${end}/${object.body.length}` } : {}),
    });
    response.end(request.method === "HEAD" ? undefined : part);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    config: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: S3_DOUBLE_BUCKET,
      prefix,
      region: "us-east-1",
      credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: "double-secret" },
    },
    objects,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
