import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { createOAuthState } from "../calendars/oauth/oauthFlow";
import { zoomAuthorizeUrl, zoomRedirectUri } from "../calendars/zoom/zoomClient";
import type { ZoomConfig } from "../config";
import { findUserById } from "../data/users";
import type { Db } from "../db/database";
import { assertCanConnectCalendar } from "../policies/calendarConnections";

export interface ZoomStartContext {
  db: Db;
  zoom: ZoomConfig | null;
  encryptionKey: Buffer;
  publicUrl: string;
  now: Date;
}

/**
 * Starts connecting a Zoom account: a fresh `state` bound to the caller's session and a PKCE
 * verifier (createOAuthState), and Zoom's consent page to send the host to. Throws NOT_FOUND
 * when Zoom is not set up here, FORBIDDEN while the host's address is unverified.
 */
export async function zoomAuthorizationStarter(
  context: ZoomStartContext,
  caller: { userId: string; tokenId: string },
): Promise<string> {
  const { db, zoom } = context;
  if (zoom === null) throw new DomainError("NOT_FOUND", message("calendars.zoomUnavailable"));
  assertCanConnectCalendar(await findUserById(db, caller.userId));
  const { state, challenge } = await createOAuthState(
    db,
    context.encryptionKey,
    caller,
    "ZOOM",
    context.now,
  );
  return zoomAuthorizeUrl(zoom, {
    redirectUri: zoomRedirectUri(context.publicUrl),
    state,
    challenge,
  });
}
