import type { FastifyRequest } from "fastify";
import { type DestinationStream, type LoggerOptions, stdSerializers } from "pino";

/**
 * What the log may hold and what it may not: secrets travel in headers (Authorization,
 * cookies, CSRF tokens), in URLs (shared links, attendee uuids and reset tokens in paths,
 * `?token=` and `?payment_intent=` in queries) and in the parameters of failed database
 * statements (password hashes, emails), so none of these reach a log line.
 */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    serializers: { req: serializeRequest, err: serializeError },
    hooks: {
      // Fastify's own 404 line names the raw URL: mask it as the request's `url` is.
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        const notFound = typeof first === "string" ? NOT_FOUND_LINE.exec(first) : null;
        if (!notFound) return method.apply(this, args);
        return method.apply(this, [
          `Route ${notFound[1]}:${maskUrl(notFound[2]!)} not found`,
          ...rest,
        ] as Parameters<typeof method>);
      },
    },
  };
}

const NOT_FOUND_LINE = /^Route ([A-Z]+):(.*) not found$/s;

const SECRET_HEADERS = [
  "authorization",
  "cookie",
  "set-cookie",
  "x-csrf-token",
  "proxy-authorization",
];

// Our serializers never log headers; these catch a `{ req }` or `{ headers }` logged some other way.
const REDACTED_PATHS = ["req", "res", "request", "reply", ""].flatMap((parent) =>
  SECRET_HEADERS.map((name) => `${parent ? `${parent}.` : ""}headers["${name}"]`),
);

/** A request as logged: the route's pattern (`/api/shared/:link`) and only the names of its query. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

function loggedUrl(request: FastifyRequest): string {
  const pattern = (request as { routeOptions?: { url?: string } }).routeOptions?.url;
  return maskUrl(request.url ?? "", pattern);
}

/** A URL as logged: `pattern` (or the path with long tokens masked) and its query's names. */
function maskUrl(raw: string, pattern?: string): string {
  const at = raw.indexOf("?");
  const path = at === -1 ? raw : raw.slice(0, at);
  const shown = pattern ?? maskTokens(path);
  if (at === -1) return shown;
  const names = [...new Set(new URLSearchParams(raw.slice(at + 1)).keys())];
  return names.length === 0 ? shown : `${shown}?${names.map(encodeURIComponent).join("&")}`;
}

// Unmatched paths (the client's pages, mistyped API calls) may still carry a link token or an
// attendee uuid: any long segment with a digit in it is left out.
function maskTokens(path: string): string {
  return path
    .split("/")
    .map((segment) => (segment.length >= 12 && /\d/.test(segment) ? "…" : segment))
    .join("/");
}

/** The fields of a database error that say what failed without saying with which values. */
const DATABASE_FIELDS = ["constraint", "table", "column", "schema", "dataType", "routine"] as const;

type ErrorLike = Error & Record<string, unknown>;

function chainOf(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  for (let at = error; at instanceof Error && chain.length < 5; at = at.cause) {
    chain.push(at as ErrorLike);
  }
  return chain;
}

const isSqlState = (code: unknown) => typeof code === "string" && /^[0-9A-Z]{5}$/.test(code);

/**
 * Errors as logged. A database error (drizzle's "Failed query: … params: …", or the driver's
 * error with a SQLSTATE) is logged from an allow-list: the SQLSTATE, the constraint, table and
 * column, the statement without its parameters, the driver's message with quoted values
 * masked, and the stack's frames. Other errors as pino logs them.
 */
export function serializeError(error: unknown): unknown {
  const chain = chainOf(error);
  const failedQuery = chain.find((link) => typeof link.query === "string" && "params" in link);
  const driver = chain.find((link) => isSqlState(link.code) && "severity" in link);
  if (!failedQuery && !driver) return stdSerializers.err(error as Error);
  const top = chain[0]!;
  const logged: Record<string, unknown> = {
    type: top.constructor?.name ?? top.name,
    message: driver ? maskQuoted(String(driver.message)) : "database query failed",
  };
  if (driver) {
    logged.code = driver.code;
    for (const field of DATABASE_FIELDS) {
      if (typeof driver[field] === "string") logged[field] = driver[field];
    }
  }
  if (failedQuery) logged.query = failedQuery.query;
  const frames = framesOf(top);
  if (frames) logged.stack = frames;
  return logged;
}

// Values the driver quotes in its message ('invalid input syntax for type uuid: "…"').
function maskQuoted(message: string): string {
  return message.replace(/"[^"]*"/g, '"…"').replace(/0x[0-9a-f]{2}( 0x[0-9a-f]{2})*/gi, "0x…");
}

// The stack without its first line, which repeats the message (and with it drizzle's params);
// when the message changed after the stack was taken, no stack at all.
function framesOf(error: Error): string | null {
  const head = `${error.name}: ${error.message}\n`;
  const stack = error.stack ?? "";
  if (!stack.startsWith(head)) {
    const plain = `Error: ${error.message}\n`;
    return stack.startsWith(plain) ? stack.slice(plain.length) : null;
  }
  return stack.slice(head.length);
}

/**
 * An error in one line, for a `last_error` column an operator reads: the message serializeError
 * would log, so a failed statement's parameters are no more stored than logged.
 */
export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const logged = serializeError(error) as { message?: unknown; code?: unknown };
  const message = String(logged.message ?? error.message);
  return typeof logged.code === "string" && logged.message !== error.message
    ? `${message} (${logged.code})`
    : message;
}
