import { eq } from "drizzle-orm";
import { confirmationLinkGone, consumeEmailConfirmation } from "../auth/emailConfirmations";
import type { Db } from "../db/database";
import { users } from "../db/schema";

/**
 * Marks the user's address verified with the token of their verification link: from then on
 * their pages are published. Throws GONE for a malformed, unknown, used or expired token, and
 * for a link mailed to an address the account no longer uses.
 */
export async function emailVerifier(db: Db, token: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const link = await consumeEmailConfirmation(tx, token, "verify", now);
    const [user] = await tx
      .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, link.userId))
      .for("update");
    if (!user || user.email.toLowerCase() !== link.email.toLowerCase()) {
      throw confirmationLinkGone();
    }
    if (user.verifiedAt === null) {
      await tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, link.userId));
    }
  });
}
