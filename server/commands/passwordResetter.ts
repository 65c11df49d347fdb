import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { endCredentials, endUnprovenIntegrations } from "../auth/credentials";
import { hashPassword } from "../auth/passwords";
import { tokenHash } from "../auth/secrets";
import type { Db } from "../db/database";
import { passwordResets, users } from "../db/schema";

const linkGone = () => new DomainError("GONE", message("auth.resetLinkInvalid"));

/**
 * Sets a new password with a reset token: the token is used up and every other credential of
 * the account ends (sessions, API tokens, the booking feed, other reset links, pending email
 * changes). The link was mailed to the account's address, so following it proves the address:
 * the account counts as verified from then on; when it was not verified before, its webhooks,
 * calendar connections and unanswered invitations go too (endUnprovenIntegrations). Throws GONE for an unknown, used or expired
 * token.
 */
export async function passwordResetter(
  db: Db,
  token: string,
  password: string,
  now: Date,
): Promise<void> {
  const live = and(
    eq(passwordResets.tokenHash, tokenHash(token)),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, now),
  );
  // The cheap look-up first: a random token must not cost a password hash.
  const [found] = await db.select({ id: passwordResets.id }).from(passwordResets).where(live);
  if (!found) throw linkGone();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [reset] = await tx.update(passwordResets).set({ usedAt: now }).where(live).returning();
    // Used meanwhile by a concurrent request with the same token.
    if (!reset) throw linkGone();
    const [before] = await tx
      .select({ emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, reset.userId))
      .for("update");
    // The link went to the address the account had when it was asked for; an address changed
    // since then was proven by its own change link, which verified it already.
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
      .where(eq(users.id, reset.userId));
    await endCredentials(tx, reset.userId, now);
    // A host who forgot their password keeps their integrations; an account nobody had proven
    // may have been set up by someone else on the owner's address.
    if (before?.emailVerifiedAt == null) await endUnprovenIntegrations(tx, reset.userId);
  });
}
