import { CalendarSourceError } from "../calendars/calendarSource";
import {
  type OAuthConnectOutcome,
  storeOAuthConnection,
  takeOAuthState,
} from "../calendars/oauth/oauthFlow";
import { OAuthGrantError, type OAuthTokens } from "../calendars/oauth/oauthHttp";
import { type SyncContext, syncConnection } from "../calendars/syncConnection";
import { exchangeZoomCode, zoomRedirectUri } from "../calendars/zoom/zoomClient";
import { sealSecret } from "../crypto/credentialBox";

/** What Zoom's redirect brought back: a code, or an error (the host declined). */
export interface ZoomCallbackQuery {
  state?: string | undefined;
  code?: string | undefined;
  error?: string | undefined;
}

/**
 * The Zoom user an access token was issued for: Zoom's tokens are JWTs naming the user (`uid`),
 * which spares a user:read scope. Another token names no one, and all such are one account.
 */
function zoomUserOf(accessToken: string): string {
  try {
    const payload = JSON.parse(
      Buffer.from(accessToken.split(".")[1] ?? "", "base64url").toString(),
    );
    if (typeof payload?.uid === "string" && payload.uid.length <= 200) return payload.uid;
  } catch {
    // Not a JWT: unnamed.
  }
  return "zoom";
}

/**
 * Finishes connecting a Zoom account when Zoom sends the host back: the `state` must be one
 * this session started for Zoom, unlapsed, used once; the code is traded for tokens with the
 * PKCE verifier and they are stored sealed under ENCRYPTION_KEY as a ZOOM connection (no
 * calendars: it gives no busy time, it makes ZOOM_CONNECTED meetings). The same Zoom user
 * connected before is reconnected in place. Never throws for what Zoom or the host did: the
 * outcome says why it failed (DENIED, EXPIRED, FAILED).
 */
export async function zoomConnectionCreator(
  context: SyncContext,
  caller: { userId: string; tokenId: string },
  query: ZoomCallbackQuery,
): Promise<OAuthConnectOutcome> {
  const { db, now } = context;
  const zoom = context.zoom ?? null;
  if (query.state === undefined || zoom === null) return { ok: false, failure: "EXPIRED" };
  const verifier = await takeOAuthState(
    db,
    context.encryptionKey,
    caller,
    "ZOOM",
    query.state,
    now,
  );
  if (verifier === null) return { ok: false, failure: "EXPIRED" };
  if (query.error !== undefined || query.code === undefined) {
    return { ok: false, failure: "DENIED" };
  }
  let tokens: OAuthTokens;
  try {
    tokens = await exchangeZoomCode(
      zoom,
      { code: query.code, verifier, redirectUri: zoomRedirectUri(context.publicUrl) },
      now,
    );
  } catch (error) {
    if (error instanceof OAuthGrantError || error instanceof CalendarSourceError) {
      return { ok: false, failure: "FAILED" };
    }
    throw error;
  }
  const outcome = await storeOAuthConnection(db, {
    userId: caller.userId,
    provider: "ZOOM",
    account: zoomUserOf(tokens.accessToken),
    name: "Zoom",
    serverUrl: "https://zoom.us",
    secret: sealSecret(context.encryptionKey, JSON.stringify(tokens), caller.userId),
    calendars: [],
    primary: null,
    now,
  });
  if (outcome.ok) await syncConnection(context, outcome.connectionId);
  return outcome;
}
