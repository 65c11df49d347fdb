import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { isPrivateAddress } from "../net/privateAddress";
import { publicOnlyLookup } from "../net/publicOnlyLookup";

/** How much of an answer's body the delivery log keeps. */
export const RESPONSE_EXCERPT_BYTES = 1024;

/** The longest one attempt may take, connection and answer included. */
export const DELIVERY_TIMEOUT_MS = 10_000;

export interface DeliveryResult {
  status: number;
  durationMs: number;
  excerpt: string;
}

/** An attempt that got no HTTP answer (refused, timed out, a private address). */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly durationMs: number,
  ) {
    super(message);
    this.name = "DeliveryError";
  }
}

/**
 * POSTs one delivery and reads the first bytes of the answer. Never follows redirects. Unless
 * `allowPrivate`, a private, loopback or link-local address (literal or resolved) is refused
 * before connecting. Resolves with any HTTP answer; rejects with DeliveryError when none came.
 */
export function deliverWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
  clock: () => number = Date.now,
): Promise<DeliveryResult> {
  const started = clock();
  const elapsed = () => Math.max(0, Math.round(clock() - started));
  return new Promise((resolve, reject) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      reject(new DeliveryError("invalid URL", 0));
      return;
    }
    const host = target.hostname.replace(/^\[|\]$/g, "");
    if (!allowPrivate && isIP(host) !== 0 && isPrivateAddress(host)) {
      reject(new DeliveryError(`refused: ${host} is a private address`, 0));
      return;
    }
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;
    let settled = false;
    const fail = (message: string) => {
      if (settled) return;
      settled = true;
      reject(new DeliveryError(message, elapsed()));
    };
    const req = send(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        timeout: DELIVERY_TIMEOUT_MS,
        ...(allowPrivate ? {} : { lookup: publicOnlyLookup() }),
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          if (settled) return;
          settled = true;
          clearTimeout(overall);
          const excerpt = Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES);
          resolve({
            status: response.statusCode ?? 0,
            durationMs: elapsed(),
            // A cut multi-byte character becomes U+FFFD; the log is for reading.
            excerpt: excerpt.toString("utf8"),
          });
        };
        response.on("data", (chunk: Buffer) => {
          if (size < RESPONSE_EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
          // Enough read: the rest of a large answer is not waited for.
          if (size >= RESPONSE_EXCERPT_BYTES) {
            finish();
            response.destroy();
          }
        });
        response.on("end", finish);
        response.on("error", finish);
        response.on("close", finish);
      },
    );
    const overall = setTimeout(() => {
      fail("timed out");
      req.destroy();
    }, DELIVERY_TIMEOUT_MS);
    overall.unref();
    req.on("timeout", () => {
      fail("timed out");
      req.destroy();
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(overall);
      fail(error.code === "EPRIVATE" ? error.message : (error.code ?? error.message));
    });
    req.end(body);
  });
}
