import { and, eq, gt, isNull } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { revokeEmailConfirmations } from "../auth/emailConfirmations";
import { hashPassword } from "../auth/passwords";
import { tokenHash } from "../auth/secrets";
import type { Db } from "../db/database";
import { authTokens, passwordResets, users } from "../db/schema";

const linkGone = () => new DomainError("GONE", message("auth.resetLinkInvalid"));

/**
 * Sets a new password with a reset token: the token is used up, every other reset link of the
 * account and every pending email change stop working, and every session signs out. Throws
 * GONE for an unknown, used or expired token.
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
    await tx.update(users).set({ passwordHash }).where(eq(users.id, reset.userId));
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
    await tx
      .delete(authTokens)
      .where(and(eq(authTokens.userId, reset.userId), eq(authTokens.kind, "session")));
    // Whoever had the account may have asked to move it to their own address.
    await revokeEmailConfirmations(tx, reset.userId, "change", now);
  });
}
