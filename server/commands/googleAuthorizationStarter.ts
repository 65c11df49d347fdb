import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { googleAuthorizeUrl, googleRedirectUri } from "../calendars/google/googleClient";
import { createOAuthState } from "../calendars/oauth/oauthFlow";
import type { GoogleConfig } from "../config";
import { findUserById } from "../data/users";
import type { Db } from "../db/database";
import { assertCanConnectCalendar } from "../policies/calendarConnections";

export { OAUTH_STATE_TTL_MS } from "../calendars/oauth/oauthFlow";

export interface OAuthStartContext {
  db: Db;
  google: GoogleConfig | null;
  encryptionKey: Buffer;
  publicUrl: string;
  now: Date;
}

/**
 * Starts connecting a Google account: a fresh `state` (kept as its SHA-256, bound to the
 * caller's session `tokenId`) and PKCE code verifier (kept sealed), and the consent page's
 * address to send the host to. Throws NOT_FOUND when Google is not set up here, FORBIDDEN
 * while the host's address is unverified.
 */
export async function googleAuthorizationStarter(
  context: OAuthStartContext,
  caller: { userId: string; tokenId: string },
): Promise<string> {
  const { db, now, google } = context;
  if (google === null) {
    throw new DomainError("NOT_FOUND", message("calendars.googleUnavailable"));
  }
  assertCanConnectCalendar(await findUserById(db, caller.userId));
  const { state, challenge } = await createOAuthState(
    db,
    context.encryptionKey,
    caller,
    "GOOGLE",
    now,
  );
  return googleAuthorizeUrl(google, {
    redirectUri: googleRedirectUri(context.publicUrl),
    state,
    challenge,
  });
}
