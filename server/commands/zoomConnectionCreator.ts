import { CalendarSourceError } from "../calendars/calendarSource";
import {
  type OAuthCallbackQuery,
  type OAuthConnectOutcome,
  storeOAuthConnection,
  takeOAuthCallback,
} from "../calendars/oauth/oauthFlow";
import { OAuthGrantError, type OAuthTokens } from "../calendars/oauth/oauthHttp";
import { type SyncContext, syncConnection } from "../calendars/syncConnection";
import { exchangeZoomCode, zoomRedirectUri } from "../calendars/zoom/zoomClient";
import { sealSecret } from "../crypto/credentialBox";

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
  query: OAuthCallbackQuery,
): Promise<OAuthConnectOutcome> {
  const { db, now } = context;
  const taken = await takeOAuthCallback(db, context.encryptionKey, caller, "ZOOM", {
    query,
    config: context.zoom ?? null,
    now,
  });
  if (!taken.ok) return taken;
  let tokens: OAuthTokens;
  try {
    tokens = await exchangeZoomCode(
      taken.config,
      {
        code: taken.code,
        verifier: taken.verifier,
        redirectUri: zoomRedirectUri(context.publicUrl),
      },
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
