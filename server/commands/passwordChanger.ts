import { and, eq, ne } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { findUserById } from "../data/users";
import type { Db } from "../db/database";
import { authTokens, users } from "../db/schema";

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
    throw new DomainError("VALIDATION", message("auth.wrongPassword"), {
      currentPassword: [message("auth.wrongPassword")],
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
