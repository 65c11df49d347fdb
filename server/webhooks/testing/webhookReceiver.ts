import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; data: Record<string, unknown> };
}

/** Whether a delivery's Slotted-Signature is the HMAC of `t.body` under `secret`. */
export function signatureValid(secret: string, headers: IncomingHttpHeaders, body: string) {
  const header = String(headers["slotted-signature"] ?? "");
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const expected = createHmac("sha256", secret).update(`${match[1]}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2]!, "hex"));
}

/**
 * A webhook receiver on a loopback port for tests: records what it is sent and answers 200,
 * or 410 on paths starting with /gone. It can stop and start again on the same port (a
 * receiver that is down for a while).
 */
export async function startWebhookReceiver() {
  const received: Received[] = [];
  const handler = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const path = request.url ?? "/";
      received.push({ path, headers: request.headers, body, json: JSON.parse(body) });
      const gone = path.startsWith("/gone");
      response.writeHead(gone ? 410 : 200, { "content-type": "text/plain" });
      response.end(gone ? "no such hook" : "thanks");
    });
  });
  let server: Server = handler;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
    });
  const port = await listen(0);
  return {
    received,
    url: (path = "/hook") => `http://127.0.0.1:${port}${path}`,
    async down() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async up() {
      server = handler;
      await listen(port);
    },
    stop() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
