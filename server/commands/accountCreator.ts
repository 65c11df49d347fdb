import type { SignupInput } from "../../core/accounts/accountSchemas";
import { DomainError, type FieldErrors } from "../../core/errors";
import { WORKING_HOURS } from "../../core/schedules/scheduleSchema";
import { hashPassword } from "../auth/passwords";
import { issueToken } from "../auth/sessions";
import { queueVerificationMail } from "../auth/verificationMail";
import { findUserByEmail, findUserByUsername, type UserRow } from "../data/users";
import type { Db } from "../db/database";
import { profiles, schedules, users } from "../db/schema";
import { sqlState } from "../db/sqlState";
import { translator } from "../i18n/serverI18n";

/** Field errors for an email or username someone else has; null when both are free. */
export async function takenFields(
  db: Db,
  fields: { email?: string; username?: string },
  exceptUserId?: string,
): Promise<FieldErrors | null> {
  const errors: FieldErrors = {};
  if (fields.email !== undefined) {
    const owner = await findUserByEmail(db, fields.email);
    if (owner && owner.id !== exceptUserId) errors.email = ["This email is already registered."];
  }
  if (fields.username !== undefined) {
    const owner = await findUserByUsername(db, fields.username);
    if (owner && owner.id !== exceptUserId) errors.username = ["This username is taken."];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

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
  if (taken) throw new DomainError("VALIDATION", Object.values(taken)[0]![0]!, taken);
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
      const again = (await takenFields(db, input)) ?? {
        email: ["This email is already registered."],
      };
      throw new DomainError("VALIDATION", Object.values(again)[0]![0]!, again);
    }
    throw error;
  }
}
