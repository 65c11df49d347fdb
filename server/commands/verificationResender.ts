import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { queueVerificationMail } from "../auth/verificationMail";
import { findUserById, type UserRow } from "../data/users";
import type { Db } from "../db/database";

/**
 * Mails the signed-in user a new verification link; earlier links keep working until they
 * expire. Throws CONFLICT when the address is verified already.
 */
export async function verificationResender(
  db: Db,
  userId: string,
  publicUrl: string,
  now: Date,
): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new DomainError("UNAUTHENTICATED", message("auth.signIn"));
  if (user.emailVerifiedAt !== null) {
    throw new DomainError("CONFLICT", message("account.alreadyVerified"));
  }
  await db.transaction((tx) => queueVerificationMail(tx, user, publicUrl, now));
  return user;
}
