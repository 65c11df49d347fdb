import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import {
  microsoftAuthorizeUrl,
  microsoftRedirectUri,
} from "../calendars/microsoft/microsoftClient";
import { createOAuthState } from "../calendars/oauth/oauthFlow";
import type { MicrosoftConfig } from "../config";
import { findUserById } from "../data/users";
import type { Db } from "../db/database";
import { assertCanConnectCalendar } from "../policies/calendarConnections";

export interface MicrosoftStartContext {
  db: Db;
  microsoft: MicrosoftConfig | null;
  encryptionKey: Buffer;
  publicUrl: string;
  now: Date;
}

/**
 * Starts connecting a Microsoft 365 or Outlook.com account: a fresh `state` bound to the
 * caller's session and a PKCE verifier (createOAuthState), and the Microsoft sign-in page's
 * address to send the host to. Throws NOT_FOUND when Microsoft is not set up here, FORBIDDEN
 * while the host's address is unverified.
 */
export async function microsoftAuthorizationStarter(
  context: MicrosoftStartContext,
  caller: { userId: string; tokenId: string },
): Promise<string> {
  const { db, now, microsoft } = context;
  if (microsoft === null) {
    throw new DomainError("NOT_FOUND", message("calendars.microsoftUnavailable"));
  }
  assertCanConnectCalendar(await findUserById(db, caller.userId));
  const { state, challenge } = await createOAuthState(
    db,
    context.encryptionKey,
    caller,
    "MICROSOFT",
    now,
  );
  return microsoftAuthorizeUrl(microsoft, {
    redirectUri: microsoftRedirectUri(context.publicUrl),
    state,
    challenge,
  });
}
