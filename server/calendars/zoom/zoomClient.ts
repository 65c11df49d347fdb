import type { ZoomConfig } from "../../config";
import {
  exchangeCode,
  type OAuthClient,
  type OAuthTokens,
  providerFetch,
  refreshTokens,
  statusFailure,
} from "../oauth/oauthHttp";

/**
 * The scopes the Zoom app is registered with (Zoom takes them from the app, not from the
 * authorisation request): create, update and delete the host's meetings, and list them, which
 * is how a create whose answer was lost finds the meeting it made. Classic apps name them
 * `meeting:write` and `meeting:read`.
 */
export const ZOOM_SCOPES = [
  "meeting:write:meeting",
  "meeting:update:meeting",
  "meeting:delete:meeting",
  "meeting:read:list_meetings",
] as const;

/** The callback Zoom sends the host back to, under PUBLIC_URL: the redirect URI to register. */
export const ZOOM_CALLBACK_PATH = "/api/calendar-connections/zoom/callback";

export function zoomRedirectUri(publicUrl: string): string {
  return `${publicUrl}${ZOOM_CALLBACK_PATH}`;
}

/** Zoom's OAuth endpoints (ZOOM_OAUTH_URL) and its REST API v2 (ZOOM_API_URL). */
export function zoomEndpoints(config: ZoomConfig) {
  return {
    authorize: `${config.oauthUrl}/oauth/authorize`,
    token: `${config.oauthUrl}/oauth/token`,
    revoke: `${config.oauthUrl}/oauth/revoke`,
    api: config.apiUrl,
  };
}

/** The consent page's address: code flow with PKCE (S256). */
export function zoomAuthorizeUrl(
  config: ZoomConfig,
  input: { redirectUri: string; state: string; challenge: string },
): string {
  const params = new URLSearchParams({
    response_type: "code",
    client_id: config.clientId,
    redirect_uri: input.redirectUri,
    state: input.state,
    code_challenge: input.challenge,
    code_challenge_method: "S256",
  });
  return `${zoomEndpoints(config).authorize}?${params}`;
}

/** Zoom wants the app's credentials as HTTP Basic at its token and revoke endpoints. */
function client(config: ZoomConfig): OAuthClient {
  return {
    label: "zoom",
    tokenUrl: zoomEndpoints(config).token,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    basicAuth: true,
  };
}

/** Trades the callback's code (and the PKCE verifier) for tokens. Throws OAuthGrantError. */
export function exchangeZoomCode(
  config: ZoomConfig,
  input: { code: string; verifier: string; redirectUri: string },
  now: Date,
): Promise<OAuthTokens> {
  return exchangeCode(client(config), input, now);
}

/**
 * A fresh access token. Zoom rotates refresh tokens: the old one stops working once used, so
 * the new one must be sealed back before anything else. Throws OAuthGrantError.
 */
export function refreshZoomTokens(
  config: ZoomConfig,
  tokens: OAuthTokens,
  now: Date,
): Promise<OAuthTokens> {
  return refreshTokens(client(config), tokens, now);
}

/** Revokes the grant behind `token` (a disconnection); callers ignore failures. */
export async function revokeZoomToken(config: ZoomConfig, token: string): Promise<void> {
  const credentials = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64");
  const response = await providerFetch(zoomEndpoints(config).revoke, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${credentials}`,
    },
    body: new URLSearchParams({ token }).toString(),
  });
  await response.body?.cancel();
  if (!response.ok && response.status !== 400) throw statusFailure("zoom", response.status);
}
