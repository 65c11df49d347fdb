import { eq } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { endCredentials } from "../auth/credentials";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { findUserById } from "../data/users";
import type { Db } from "../db/database";
import { users } from "../db/schema";

/**
 * Changes the password of a signed-in user who knows the current one. The credential in use
 * stays signed in (the person at the keyboard just proved the password); every other one ends:
 * other sessions, API tokens, the booking feed, reset links and pending email changes, since a
 * password is changed when someone else may have got in. Throws VALIDATION for a wrong current
 * password.
 */
export async function passwordChanger(
  db: Db,
  userId: string,
  currentTokenId: string,
  input: { currentPassword: string; newPassword: string },
  now: Date,
): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new DomainError("VALIDATION", message("auth.wrongPassword"), {
      currentPassword: [message("auth.wrongPassword")],
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await endCredentials(tx, userId, now, currentTokenId);
  });
}
