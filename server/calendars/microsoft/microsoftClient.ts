import type { MicrosoftConfig } from "../../config";
import {
  exchangeCode,
  type OAuthClient,
  type OAuthTokens,
  refreshTokens,
} from "../oauth/oauthHttp";

/**
 * The narrowest delegated scopes that list the account's calendars, read their events (busy
 * time) and write events with a Teams link: Calendars.ReadWrite; offline_access gives the
 * refresh token. The account is named by its default calendar's owner, so no User.Read.
 */
export const MICROSOFT_SCOPES = ["offline_access", "Calendars.ReadWrite"] as const;

/** The callback Microsoft sends the host back to, under PUBLIC_URL: the redirect URI to register. */
export const MICROSOFT_CALLBACK_PATH = "/api/calendar-connections/microsoft/callback";

export function microsoftRedirectUri(publicUrl: string): string {
  return `${publicUrl}${MICROSOFT_CALLBACK_PATH}`;
}

/** The Microsoft identity platform's v2.0 endpoints of the tenant, and Graph v1.0. */
export function microsoftEndpoints(config: MicrosoftConfig) {
  const base = `${config.loginUrl}/${encodeURIComponent(config.tenant)}/oauth2/v2.0`;
  return {
    authorize: `${base}/authorize`,
    token: `${base}/token`,
    graph: `${config.graphUrl}/v1.0`,
  };
}

/** The consent page's address: code flow with PKCE (S256), the scopes above, an account chooser. */
export function microsoftAuthorizeUrl(
  config: MicrosoftConfig,
  input: { redirectUri: string; state: string; challenge: string },
): string {
  const params = new URLSearchParams({
    client_id: config.clientId,
    response_type: "code",
    redirect_uri: input.redirectUri,
    response_mode: "query",
    scope: MICROSOFT_SCOPES.join(" "),
    state: input.state,
    code_challenge: input.challenge,
    code_challenge_method: "S256",
    prompt: "select_account",
  });
  return `${microsoftEndpoints(config).authorize}?${params}`;
}

function client(config: MicrosoftConfig): OAuthClient {
  return {
    label: "microsoft",
    tokenUrl: microsoftEndpoints(config).token,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
  };
}

/** Trades the callback's code (and the PKCE verifier) for tokens. Throws OAuthGrantError. */
export function exchangeMicrosoftCode(
  config: MicrosoftConfig,
  input: { code: string; verifier: string; redirectUri: string },
  now: Date,
): Promise<OAuthTokens> {
  return exchangeCode(client(config), input, now);
}

/**
 * A fresh access token (the identity platform rotates the refresh token too: the new one is
 * kept). The scope is sent again, as the v2.0 endpoint asks. Throws OAuthGrantError.
 */
export function refreshMicrosoftTokens(
  config: MicrosoftConfig,
  tokens: OAuthTokens,
  now: Date,
): Promise<OAuthTokens> {
  return refreshTokens(client(config), tokens, now, { scope: MICROSOFT_SCOPES.join(" ") });
}
