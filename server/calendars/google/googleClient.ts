import { z } from "zod";
import type { GoogleConfig } from "../../config";
import {
  CALENDAR_REQUEST_TIMEOUT_MS,
  CalendarSourceError,
  networkFailure,
} from "../calendarSource";

/**
 * The narrowest scopes that list the account's calendars, read their free/busy time and write
 * events into the calendars the account owns (Google's granular Calendar scopes).
 */
export const GOOGLE_SCOPES = [
  "https://www.googleapis.com/auth/calendar.calendarlist.readonly",
  "https://www.googleapis.com/auth/calendar.freebusy",
  "https://www.googleapis.com/auth/calendar.events.owned",
] as const;

/** The callback Google sends the host back to, under PUBLIC_URL: the redirect URI to register. */
export const GOOGLE_CALLBACK_PATH = "/api/calendar-connections/google/callback";

/** Where push notifications arrive (events.watch channels' address). */
export const GOOGLE_NOTIFICATIONS_PATH = "/api/calendar-connections/google/notifications";

export function googleRedirectUri(publicUrl: string): string {
  return `${publicUrl}${GOOGLE_CALLBACK_PATH}`;
}

/** Google's endpoints, or the same paths under GOOGLE_OAUTH_URL / GOOGLE_API_URL. */
export function googleEndpoints(config: GoogleConfig) {
  const oauth = config.oauthUrl;
  return {
    authorize:
      oauth === null ? "https://accounts.google.com/o/oauth2/v2/auth" : `${oauth}/o/oauth2/v2/auth`,
    token: `${oauth ?? "https://oauth2.googleapis.com"}/token`,
    revoke: `${oauth ?? "https://oauth2.googleapis.com"}/revoke`,
    api: `${config.apiUrl ?? "https://www.googleapis.com"}/calendar/v3`,
  };
}

/** The consent page's address: code flow with PKCE (S256), offline access, consent asked. */
export function googleAuthorizeUrl(
  config: GoogleConfig,
  input: { redirectUri: string; state: string; challenge: string; loginHint?: string },
): string {
  const params = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: input.redirectUri,
    response_type: "code",
    scope: GOOGLE_SCOPES.join(" "),
    access_type: "offline",
    // A refresh token is only given on consent; asking again gets one on a reconnection too.
    prompt: "consent",
    include_granted_scopes: "false",
    state: input.state,
    code_challenge: input.challenge,
    code_challenge_method: "S256",
    ...(input.loginHint ? { login_hint: input.loginHint } : {}),
  });
  return `${googleEndpoints(config).authorize}?${params}`;
}

/** The tokens of a connection, sealed as its secret. */
export interface GoogleTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms when the access token lapses. */
  expiresAt: number;
}

export const googleTokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresAt: z.number(),
});

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
});

const tokenError = z.object({ error: z.string() });

/** The token endpoint said the grant is dead (revoked, expired): the host must connect again. */
export class GoogleGrantError extends Error {
  constructor(readonly error: string) {
    super(`google token endpoint: ${error}`);
    this.name = "GoogleGrantError";
  }
}

async function tokenRequest(
  config: GoogleConfig,
  form: Record<string, string>,
): Promise<z.infer<typeof tokenAnswer>> {
  const response = await googleFetch(googleEndpoints(config).token, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      client_id: config.clientId,
      client_secret: config.clientSecret,
      ...form,
    }).toString(),
  });
  const body: unknown = await response.json().catch(() => null);
  if (response.status === 400 || response.status === 401) {
    const error = tokenError.safeParse(body);
    throw new GoogleGrantError(error.success ? error.data.error : "invalid_request");
  }
  if (!response.ok) throw statusFailure(response.status);
  const parsed = tokenAnswer.safeParse(body);
  if (!parsed.success) throw new CalendarSourceError("INVALID_DATA", "token answer");
  return parsed.data;
}

/** Trades the callback's code (and the PKCE verifier) for tokens. Throws GoogleGrantError. */
export async function exchangeGoogleCode(
  config: GoogleConfig,
  input: { code: string; verifier: string; redirectUri: string },
  now: Date,
): Promise<GoogleTokens> {
  const answer = await tokenRequest(config, {
    grant_type: "authorization_code",
    code: input.code,
    code_verifier: input.verifier,
    redirect_uri: input.redirectUri,
  });
  if (answer.refresh_token === undefined) throw new GoogleGrantError("no_refresh_token");
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    expiresAt: now.getTime() + answer.expires_in * 1000,
  };
}

/** A fresh access token for `tokens`. Throws GoogleGrantError (invalid_grant: consent revoked). */
export async function refreshGoogleTokens(
  config: GoogleConfig,
  tokens: GoogleTokens,
  now: Date,
): Promise<GoogleTokens> {
  const answer = await tokenRequest(config, {
    grant_type: "refresh_token",
    refresh_token: tokens.refreshToken,
  });
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ?? tokens.refreshToken,
    expiresAt: now.getTime() + answer.expires_in * 1000,
  };
}

/** Revokes the grant behind `token` (a disconnection); failures are ignored by callers. */
export async function revokeGoogleToken(config: GoogleConfig, token: string): Promise<void> {
  const response = await googleFetch(googleEndpoints(config).revoke, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token }).toString(),
  });
  if (!response.ok && response.status !== 400) throw statusFailure(response.status);
}

/** Waits before each retry of a request Google answered 429 or 5xx (its advice, capped). */
export const GOOGLE_RETRY_DELAYS_MS = [250, 1000, 3000];
const MAX_RETRY_AFTER_MS = 5000;

function statusFailure(status: number): CalendarSourceError {
  if (status === 401 || status === 403) {
    return new CalendarSourceError("AUTH_FAILED", `google answered ${status}`);
  }
  if (status === 404 || status === 410) {
    return new CalendarSourceError("CALENDAR_GONE", `google answered ${status}`);
  }
  return new CalendarSourceError("UNREACHABLE", `google answered ${status}`);
}

async function googleFetch(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(CALENDAR_REQUEST_TIMEOUT_MS) });
  } catch (error) {
    throw networkFailure(error);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One Calendar v3 call with a bearer token: 429 and 5xx are tried again after
 * GOOGLE_RETRY_DELAYS_MS (or the Retry-After Google gives, capped), so a short hiccup neither
 * fails a sync nor a write. Resolves with the status and the parsed body (`schema`), or null
 * for a body-less answer. `accept` lists the non-2xx statuses the caller handles itself.
 */
export async function googleApi<T>(
  config: GoogleConfig,
  accessToken: string,
  request: { method: string; path: string; body?: unknown; accept?: number[] },
  schema: z.ZodType<T>,
  delays: readonly number[] = GOOGLE_RETRY_DELAYS_MS,
): Promise<{ status: number; body: T | null }> {
  const url = `${googleEndpoints(config).api}${request.path}`;
  for (let attempt = 0; ; attempt++) {
    const response = await googleFetch(url, {
      method: request.method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(request.body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    });
    const retryable = response.status === 429 || response.status >= 500;
    if (retryable && attempt < delays.length) {
      await response.body?.cancel();
      const header = response.headers.get("retry-after");
      const advised = header === null ? Number.NaN : Number(header);
      const wait = Number.isFinite(advised) && advised >= 0 ? advised * 1000 : delays[attempt]!;
      await sleep(Math.min(wait, MAX_RETRY_AFTER_MS));
      continue;
    }
    if (!response.ok && !request.accept?.includes(response.status)) {
      await response.body?.cancel();
      throw statusFailure(response.status);
    }
    const text = await response.text();
    if (!response.ok || text === "") return { status: response.status, body: null };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new CalendarSourceError("INVALID_DATA", `google ${request.path}: not JSON`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new CalendarSourceError("INVALID_DATA", `google ${request.path}`);
    return { status: response.status, body: parsed.data };
  }
}
