import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import {
  CONFIRMATION_HOURS,
  issueEmailConfirmation,
  revokeEmailConfirmations,
} from "../auth/emailConfirmations";
import { verifyPassword } from "../auth/passwords";
import { findUserByEmail, findUserById } from "../data/users";
import type { Db } from "../db/database";
import type { MailPayload } from "../mail/mailTypes";
import { enqueueMails } from "../mail/outbox";

/**
 * Starts moving the account to `email`, for a user who knows the current password. The old
 * address gets a notice; the new one a confirmation link, or, when another account uses it
 * already, a mail saying so: what the caller sees is the same either way, so the request
 * tells nobody who has an account. A newer request turns the older links off. Throws
 * VALIDATION for a wrong password or the address the account has now.
 */
export async function emailChangeRequester(
  db: Db,
  userId: string,
  input: { email: string; currentPassword: string },
  publicUrl: string,
  now: Date,
): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new DomainError("VALIDATION", message("auth.wrongPassword"), {
      currentPassword: [message("auth.wrongPassword")],
    });
  }
  if (user.email.toLowerCase() === input.email.toLowerCase()) {
    throw new DomainError("VALIDATION", message("account.sameEmail"), {
      email: [message("account.sameEmail")],
    });
  }
  const owner = await findUserByEmail(db, input.email);
  const to = { email: input.email };
  const { language, name } = user;
  await db.transaction(async (tx) => {
    await revokeEmailConfirmations(tx, userId, "change", now);
    const mails: MailPayload[] = [
      {
        template: "emailChangeNotice",
        to: { email: user.email, name },
        language,
        data: { name, newEmail: input.email, url: `${publicUrl}/dashboard/settings/password` },
      },
    ];
    if (owner) {
      mails.push({
        template: "emailInUse",
        to,
        language,
        data: { url: `${publicUrl}/dashboard/forgot-password` },
      });
    } else {
      const token = await issueEmailConfirmation(
        tx,
        { userId, kind: "change", email: input.email },
        now,
      );
      mails.push({
        template: "emailChange",
        to: { ...to, name },
        language,
        data: {
          name,
          email: input.email,
          url: `${publicUrl}/dashboard/confirm-email?token=${encodeURIComponent(token)}`,
          hours: CONFIRMATION_HOURS,
        },
      });
    }
    await enqueueMails(tx, mails, now);
  });
}
