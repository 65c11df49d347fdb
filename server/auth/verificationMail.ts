import type { UserRow } from "../data/users";
import type { Db, Tx } from "../db/database";
import { enqueueMails } from "../mail/outbox";
import { CONFIRMATION_HOURS, issueEmailConfirmation } from "./emailConfirmations";

/**
 * Issues a verification link for the user's address and writes its mail to the outbox, in
 * the caller's transaction: the link exists if and only if its mail goes out.
 */
export async function queueVerificationMail(
  db: Db | Tx,
  user: Pick<UserRow, "id" | "email" | "name" | "language">,
  publicUrl: string,
  now: Date,
): Promise<void> {
  const token = await issueEmailConfirmation(
    db,
    { userId: user.id, kind: "verify", email: user.email },
    now,
  );
  await enqueueMails(
    db,
    [
      {
        template: "emailVerification",
        to: { email: user.email, name: user.name },
        language: user.language,
        data: {
          name: user.name,
          email: user.email,
          url: `${publicUrl}/dashboard/verify-email?token=${encodeURIComponent(token)}`,
          hours: CONFIRMATION_HOURS,
        },
      },
    ],
    now,
  );
}
