import type { z } from "zod";
import type { GoogleConfig } from "../../config";
import {
  bearerApi,
  exchangeCode,
  type OAuthClient,
  OAuthGrantError,
  type OAuthTokens,
  oauthTokensSchema,
  providerFetch,
  RETRY_DELAYS_MS,
  refreshTokens,
  statusFailure,
} from "../oauth/oauthHttp";

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
export type GoogleTokens = OAuthTokens;
export const googleTokensSchema = oauthTokensSchema;

/** The token endpoint said the grant is dead (revoked, expired): the host must connect again. */
export const GoogleGrantError = OAuthGrantError;
export type GoogleGrantError = OAuthGrantError;

function googleClient(config: GoogleConfig): OAuthClient {
  return {
    label: "google",
    tokenUrl: googleEndpoints(config).token,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
  };
}

/** Trades the callback's code (and the PKCE verifier) for tokens. Throws GoogleGrantError. */
export function exchangeGoogleCode(
  config: GoogleConfig,
  input: { code: string; verifier: string; redirectUri: string },
  now: Date,
): Promise<GoogleTokens> {
  return exchangeCode(googleClient(config), input, now);
}

/** A fresh access token for `tokens`. Throws GoogleGrantError (invalid_grant: consent revoked). */
export function refreshGoogleTokens(
  config: GoogleConfig,
  tokens: GoogleTokens,
  now: Date,
): Promise<GoogleTokens> {
  return refreshTokens(googleClient(config), tokens, now);
}

/** Revokes the grant behind `token` (a disconnection); failures are ignored by callers. */
export async function revokeGoogleToken(config: GoogleConfig, token: string): Promise<void> {
  const response = await providerFetch(googleEndpoints(config).revoke, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token }).toString(),
  });
  if (!response.ok && response.status !== 400) throw statusFailure("google", response.status);
}

/** Waits before each retry of a request Google answered 429 or 5xx (its advice, capped). */
export const GOOGLE_RETRY_DELAYS_MS = RETRY_DELAYS_MS;

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
  return bearerApi("google", accessToken, { ...request, url }, schema, delays);
}
