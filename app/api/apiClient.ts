import { readCookie } from "../lib/readCookie";
import { takeEarlyResponse } from "./earlyRequests";

/** Messages per form field, as in a 422 response's `errors` map. */
export type FieldErrors = Record<string, string[]>;

const basePath = "/api";
const csrfCookie = "slotted_csrf";
const safeMethods = new Set(["GET", "HEAD"]);

/**
 * A failed API call. `status` is 0 when no response arrived. `message` follows the spec's
 * failure display rule: the joined messages of the errors map, else the response message,
 * else a plain string body, else the raw HTTP status.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldErrors = {},
    readonly code?: string,
  ) {
    super(message);
  }
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

interface RequestOptions {
  signal?: AbortSignal;
}

/**
 * The page's language for the server's messages: the page may show another language than the
 * browser's own (a stored choice), and an embedded page may have no cookies.
 */
export function languageHeaders(): Record<string, string> {
  const language = typeof document === "undefined" ? "" : document.documentElement?.lang;
  return language ? { "Accept-Language": language } : {};
}

async function request<T>(
  method: Method,
  path: string,
  body: unknown,
  { signal }: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", ...languageHeaders() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (!safeMethods.has(method)) {
    const csrfToken = readCookie(csrfCookie);
    if (csrfToken) headers["X-CSRF-Token"] = csrfToken;
  }

  let response: Response;
  try {
    // A booking page's first calls may already be on their way (app/early.ts).
    const early = method === "GET" ? takeEarlyResponse(path) : undefined;
    response = await (early ??
      fetch(basePath + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: "same-origin",
        signal,
      }));
  } catch (error) {
    // A cancelled query must reach TanStack Query as the AbortError it raised.
    if (signal?.aborted) throw error;
    throw new ApiError(0, error instanceof Error ? error.message : String(error));
  }

  const payload = await readPayload(response);
  if (!response.ok) throw toApiError(response, payload);
  return payload as T;
}

async function readPayload(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if (!response.headers.get("Content-Type")?.includes("json")) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toApiError(response: Response, payload: unknown): ApiError {
  const raw = `${response.status} ${response.statusText}`.trim();
  if (typeof payload === "string") return new ApiError(response.status, payload.trim() || raw);
  if (!isRecord(payload)) return new ApiError(response.status, raw);

  const fieldErrors = toFieldErrors(payload.errors);
  const joined = Object.values(fieldErrors).flat().join(", ");
  const message = typeof payload.message === "string" ? payload.message : "";
  const code = typeof payload.code === "string" ? payload.code : undefined;
  return new ApiError(response.status, joined || message || raw, fieldErrors, code);
}

function toFieldErrors(errors: unknown): FieldErrors {
  if (!isRecord(errors)) return {};
  const fieldErrors: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter(
      (message): message is string => typeof message === "string" && message !== "",
    );
    if (list.length > 0) fieldErrors[field] = list;
  }
  return fieldErrors;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** JSON calls to the Slotted API under /api, with the session cookie and its CSRF header. */
export const apiClient = {
  get: <T>(path: string, options?: RequestOptions) => request<T>("GET", path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("POST", path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("PUT", path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("PATCH", path, body, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("DELETE", path, body, options),
};
