import { and, eq, ne, sql } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { consumeEmailConfirmation, revokeEmailConfirmations } from "../auth/emailConfirmations";
import { findUserById, type UserRow } from "../data/users";
import type { Db } from "../db/database";
import { users } from "../db/schema";
import { sqlState } from "../db/sqlState";

const emailTaken = () =>
  new DomainError("CONFLICT", message("fields.emailRegistered"), {
    email: [message("fields.emailRegistered")],
  });

/**
 * Moves the account to the address of a change link: the link proves the user reads it, so
 * it counts as verified. Every other pending link of the account stops working. Throws GONE
 * for a malformed, unknown, used or expired token and CONFLICT when another account took the
 * address since the link was mailed (the link then stays unused).
 */
export async function emailChanger(db: Db, token: string, now: Date): Promise<UserRow> {
  try {
    const userId = await db.transaction(async (tx) => {
      const link = await consumeEmailConfirmation(tx, token, "change", now);
      const [other] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${link.email})`, ne(users.id, link.userId)))
        .limit(1);
      if (other) throw emailTaken();
      await tx
        .update(users)
        .set({ email: link.email, emailVerifiedAt: now })
        .where(eq(users.id, link.userId));
      await revokeEmailConfirmations(tx, link.userId, "change", now);
      await revokeEmailConfirmations(tx, link.userId, "verify", now);
      return link.userId;
    });
    const user = await findUserById(db, userId);
    if (!user) throw new DomainError("NOT_FOUND", message("auth.userNotFound"));
    return user;
  } catch (error) {
    // Another account taking the address at the same moment: the unique index decides.
    if (sqlState(error) === "23505") throw emailTaken();
    throw error;
  }
}
