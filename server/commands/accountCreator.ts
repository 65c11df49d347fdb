import type { SignupInput } from "../../core/accounts/accountSchemas";
import { message } from "../../core/messages";
import { WORKING_HOURS } from "../../core/schedules/scheduleSchema";
import { takenError, takenFields } from "../accounts/takenFields";
import { hashPassword } from "../auth/passwords";
import { issueToken } from "../auth/sessions";
import { queueVerificationMail } from "../auth/verificationMail";
import type { UserRow } from "../data/users";
import type { Db } from "../db/database";
import { profiles, schedules, users } from "../db/schema";
import { sqlState } from "../db/sqlState";
import { translator } from "../i18n/serverI18n";

/**
 * Creates a host with their profile, a working-hours default schedule, a session token and
 * the mail with the link that verifies their address, in one transaction. Until they follow
 * it their pages stay unpublished. Throws VALIDATION when the email or username is taken.
 */
export async function accountCreator(
  db: Db,
  input: SignupInput,
  publicUrl: string,
  now: Date,
): Promise<{ user: UserRow; token: string }> {
  const taken = await takenFields(db, input);
  if (taken) throw takenError(taken);
  const passwordHash = await hashPassword(input.password);
  const timeZone = input.timeZone ?? "Europe/Berlin";
  const language = input.language ?? "en";
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          name: input.name,
          username: input.username,
          timeZone,
          language,
        })
        .returning();
      if (!user) throw new Error("insert returned no user");
      await tx.insert(profiles).values({ userId: user.id });
      await tx.insert(schedules).values({
        userId: user.id,
        name: translator(language, "defaults")("schedule.name"),
        timeZone,
        weekly: WORKING_HOURS,
        overrides: [],
        isDefault: true,
      });
      await queueVerificationMail(tx, user, publicUrl, now);
      const token = await issueToken(tx, user.id, now);
      return { user, token };
    });
  } catch (error) {
    // Two sign-ups racing for one email or username: the unique index decides.
    if (sqlState(error) === "23505") {
      throw takenError(
        (await takenFields(db, input)) ?? { email: [message("fields.emailRegistered")] },
      );
    }
    throw error;
  }
}
