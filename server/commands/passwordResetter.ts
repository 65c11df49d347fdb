import { and, count, eq, gt, isNull, ne } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { revokeEmailConfirmations } from "../auth/emailConfirmations";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { newSecret, tokenHash } from "../auth/secrets";
import { findUserByEmail, findUserById } from "../data/users";
import type { Db } from "../db/database";
import { authTokens, passwordResets, users } from "../db/schema";
import type { PasswordResetMailPayload } from "../mail/mailTypes";
import { enqueueMails } from "../mail/outbox";

export const RESET_MINUTES = 60;
/** Reset mails per account per hour; more requests are answered the same but send nothing. */
export const RESETS_PER_HOUR = 3;

const linkGone = () =>
  new DomainError("GONE", "This reset link is invalid, used or expired. Please ask for a new one.");

/**
 * Starts a password reset: when `email` belongs to an account, stores a hashed, single-use,
 * expiring token and writes the mail with the link to the outbox in the same transaction.
 * Does the same nothing-revealing work for unknown addresses: the caller answers alike.
 */
export async function passwordResetRequester(
  db: Db,
  email: string,
  publicUrl: string,
  now: Date,
): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const [recent] = await db
    .select({ n: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, hourAgo)));
  if ((recent?.n ?? 0) >= RESETS_PER_HOUR) return;
  const token = newSecret();
  const payload: PasswordResetMailPayload = {
    template: "passwordReset",
    to: { email: user.email, name: user.name },
    language: user.language,
    data: {
      name: user.name,
      url: `${publicUrl}/dashboard/reset-password?token=${encodeURIComponent(token)}`,
      minutes: RESET_MINUTES,
    },
  };
  await db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: tokenHash(token),
      expiresAt: new Date(now.getTime() + RESET_MINUTES * 60_000),
      createdAt: now,
    });
    await enqueueMails(tx, [payload], now);
  });
}

/**
 * Sets a new password with a reset token: the token is used up, every other reset link of the
 * account and every pending email change stop working, and every session signs out. Throws GONE for an unknown, used or
 * expired token.
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

/**
 * Changes the password of a signed-in user who knows the current one; every other session
 * signs out, the one in use stays. Throws VALIDATION for a wrong current password.
 */
export async function passwordChanger(
  db: Db,
  userId: string,
  currentTokenId: string,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new DomainError("VALIDATION", "Wrong password.", {
      currentPassword: ["Wrong password."],
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await tx
      .delete(authTokens)
      .where(
        and(
          eq(authTokens.userId, userId),
          eq(authTokens.kind, "session"),
          ne(authTokens.id, currentTokenId),
        ),
      );
  });
}
