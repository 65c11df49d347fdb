import { and, count, eq, gt } from "drizzle-orm";
import { newSecret, tokenHash } from "../auth/secrets";
import { findUserByEmail } from "../data/users";
import type { Db } from "../db/database";
import { passwordResets } from "../db/schema";
import type { PasswordResetMailPayload } from "../mail/mailTypes";
import { enqueueMails } from "../mail/outbox";

/** How long a reset link works. */
export const RESET_MINUTES = 60;
/** Reset mails per account per hour; more requests are answered the same but send nothing. */
export const RESETS_PER_HOUR = 3;

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
