import { createHash } from "node:crypto";
import { and, eq, lte } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { newSecret, tokenHash } from "../auth/secrets";
import { googleAuthorizeUrl, googleRedirectUri } from "../calendars/google/googleClient";
import type { GoogleConfig } from "../config";
import { sealSecret } from "../crypto/credentialBox";
import { findUserById } from "../data/users";
import type { Db } from "../db/database";
import { oauthStates } from "../db/schema";
import { assertCanConnectCalendar } from "../policies/calendarConnections";

/** How long the host has to answer Google's consent page. */
export const OAUTH_STATE_TTL_MS = 15 * 60_000;

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
  const state = newSecret(32);
  const verifier = newSecret(48);
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  await db.transaction(async (tx) => {
    // Lapsed attempts of this session go; the others stay (two tabs may both be connecting).
    await tx
      .delete(oauthStates)
      .where(and(eq(oauthStates.tokenId, caller.tokenId), lte(oauthStates.expiresAt, now)));
    await tx.insert(oauthStates).values({
      stateHash: tokenHash(state),
      tokenId: caller.tokenId,
      userId: caller.userId,
      provider: "GOOGLE",
      verifier: sealSecret(context.encryptionKey, verifier, caller.userId),
      expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
    });
  });
  return googleAuthorizeUrl(google, {
    redirectUri: googleRedirectUri(context.publicUrl),
    state,
    challenge,
  });
}
