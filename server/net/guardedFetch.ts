import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { isPrivateAddress } from "./privateAddress";
import { publicOnlyLookup } from "./publicOnlyLookup";

export interface GuardedFetchOptions {
  /** Lets private, loopback and link-local addresses through (an operator's LAN server). */
  allowPrivate: boolean;
  /** The largest answer body read; a larger one fails the request. */
  maxBytes?: number;
  /** Which addresses are refused: isPrivateAddress; tests narrow it to reach loopback. */
  isRefused?: (address: string) => boolean;
}

const DEFAULT_MAX_BYTES = 25 * 1024 * 1024;
const MAX_REDIRECTS = 10;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([204, 205, 304]);

// Pools of their own: a socket opened without the address check (another feature's setting)
// is never reused by a request that must have it.
const agents = {
  guarded: { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) },
  open: { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) },
};

/** A refused or failed request, shaped like fetch's: a TypeError whose cause has the code. */
function failure(message: string, code: string): TypeError {
  return new TypeError("fetch failed", {
    cause: Object.assign(new Error(message), { code }),
  });
}

/**
 * A fetch for requests to addresses users typed (calendar servers, feeds) that cannot be aimed
 * at this server's own network: every hop, redirects included, is refused (cause code EPRIVATE)
 * when its host is a private, loopback or link-local IP, or a name resolving to one, and the
 * connection goes to the very address that was checked. Built on node:http because the global
 * fetch follows redirects to literal IPs without asking any lookup. Answers are read whole
 * (up to `maxBytes`) before the Response is made; `init.signal` cuts connection and body alike.
 * Supports what calendar clients send: any method, string or byte bodies, redirect "follow"
 * (as fetch: 303, and 301/302 after POST, become GET; a new origin loses Authorization),
 * "manual" and "error".
 */
export function guardedFetch(options: GuardedFetchOptions): typeof fetch {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const pool = options.allowPrivate ? agents.open : agents.guarded;
  const isRefused = options.isRefused ?? isPrivateAddress;
  const lookup = options.allowPrivate ? undefined : publicOnlyLookup(isRefused);

  function once(
    url: URL,
    method: string,
    headers: Record<string, string>,
    body: Buffer | undefined,
    signal: AbortSignal | undefined,
  ): Promise<{ response: IncomingMessage; bytes: Buffer | null }> {
    return new Promise((resolve, reject) => {
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        reject(failure(`unsupported protocol ${url.protocol}`, "EPROTOCOL"));
        return;
      }
      const host = url.hostname.replace(/^\[|\]$/g, "");
      if (!options.allowPrivate && isIP(host) !== 0 && isRefused(host)) {
        reject(failure(`refused: ${host} is a private address`, "EPRIVATE"));
        return;
      }
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const https = url.protocol === "https:";
      const req = (https ? httpsRequest : httpRequest)(url, {
        method,
        headers: body ? { ...headers, "content-length": String(body.length) } : headers,
        agent: https ? pool.https : pool.http,
        ...(lookup ? { lookup } : {}),
      });
      const abort = () => {
        req.destroy();
        reject(signal?.reason);
      };
      signal?.addEventListener("abort", abort, { once: true });
      const done = () => signal?.removeEventListener("abort", abort);
      req.on("error", (error: NodeJS.ErrnoException) => {
        done();
        reject(failure(error.message, error.code ?? "ECONNECTION"));
      });
      req.on("response", (response) => {
        if (method === "HEAD" || NULL_BODY.has(response.statusCode ?? 0)) {
          response.resume();
          done();
          resolve({ response, bytes: null });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            done();
            req.destroy();
            reject(failure(`answer larger than ${maxBytes} bytes`, "ETOOLARGE"));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => {
          done();
          resolve({ response, bytes: Buffer.concat(chunks) });
        });
        response.on("error", (error: NodeJS.ErrnoException) => {
          done();
          reject(failure(error.message, error.code ?? "ECONNECTION"));
        });
      });
      req.end(body);
    });
  }

  return async (input, init = {}) => {
    const request = input instanceof Request ? input : null;
    let url = new URL(request ? request.url : String(input));
    let method = (init.method ?? request?.method ?? "GET").toUpperCase();
    const headers: Record<string, string> = {};
    new Headers(init.headers ?? request?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    let body = await bodyBytes(init.body ?? null);
    const redirect = init.redirect ?? "follow";
    const signal = init.signal ?? undefined;
    for (let hop = 0; ; hop += 1) {
      const { response, bytes } = await once(url, method, headers, body, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (redirect !== "manual" && REDIRECTS.has(status) && location) {
        if (redirect === "error") throw failure("redirected", "EREDIRECT");
        if (hop >= MAX_REDIRECTS) throw failure("too many redirects", "EREDIRECT");
        const next = new URL(location, url);
        if (status === 303 || ((status === 301 || status === 302) && method === "POST")) {
          if (method !== "HEAD") method = "GET";
          body = undefined;
          delete headers["content-type"];
        }
        if (next.origin !== url.origin) {
          delete headers.authorization;
          delete headers.cookie;
        }
        url = next;
        continue;
      }
      const answerHeaders = new Headers();
      const raw = response.rawHeaders;
      for (let i = 0; i + 1 < raw.length; i += 2) answerHeaders.append(raw[i]!, raw[i + 1]!);
      return new Response(bytes === null ? null : new Uint8Array(bytes), {
        status,
        statusText: response.statusMessage ?? "",
        headers: answerHeaders,
      });
    }
  };
}

async function bodyBytes(body: BodyInit | null): Promise<Buffer | undefined> {
  if (body === null) return undefined;
  if (typeof body === "string") return Buffer.from(body, "utf8");
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString(), "utf8");
  throw new TypeError("guardedFetch sends string, byte and form bodies only");
}
