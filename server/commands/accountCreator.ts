import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { SignupInput } from "../../core/accounts/accountSchemas";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { WORKING_HOURS } from "../../core/schedules/scheduleSchema";
import { type SignupInvitation, signupInvitation } from "../accounts/signupInvitation";
import { takenError, takenFields } from "../accounts/takenFields";
import { hashPassword } from "../auth/passwords";
import { issueToken } from "../auth/sessions";
import { queueVerificationMail } from "../auth/verificationMail";
import type { SignupMode } from "../config";
import { hasOwner, type UserRow } from "../data/users";
import type { Db, Tx } from "../db/database";
import { hostInvitations, profiles, schedules, teamInvitations, users } from "../db/schema";
import { sqlState } from "../db/sqlState";
import { translator } from "../i18n/serverI18n";

/**
 * The invitation a sign-up comes from, when its token names an open one for this very address:
 * VALIDATION otherwise (a used, expired or unknown link; another address).
 */
async function invitationOf(
  tx: Tx,
  token: string,
  email: string,
  now: Date,
): Promise<SignupInvitation> {
  const invitation = await signupInvitation(tx, token, now, true);
  if (!invitation) {
    throw new DomainError("VALIDATION", message("auth.invitationNotValid"), {
      invitation: [message("auth.invitationNotValid")],
    });
  }
  if (invitation.email.toLowerCase() !== email.toLowerCase()) {
    const other = message("auth.invitationOtherAddress", { email: invitation.email });
    throw new DomainError("VALIDATION", other, { email: [other] });
  }
  return invitation;
}

/**
 * SIGNUP's refusal: closed to all, or by invitation to an address with none pending (a
 * sign-up from a mailed invitation is one).
 */
async function assertMaySignUp(
  tx: Tx,
  mode: SignupMode,
  email: string,
  now: Date,
  fromInvitation: boolean,
) {
  if (mode === "open") return;
  if (mode === "closed") throw new DomainError("FORBIDDEN", message("auth.signupClosed"));
  if (fromInvitation) return;
  const [hostInvited] = await tx
    .select({ id: hostInvitations.id })
    .from(hostInvitations)
    .where(
      and(
        sql`lower(${hostInvitations.email}) = lower(${email})`,
        isNull(hostInvitations.acceptedAt),
        gt(hostInvitations.expiresAt, now),
      ),
    )
    .limit(1);
  if (hostInvited) return;
  const [invited] = await tx
    .select({ id: teamInvitations.id })
    .from(teamInvitations)
    .where(
      and(
        sql`lower(${teamInvitations.email}) = lower(${email})`,
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.declinedAt),
        gt(teamInvitations.expiresAt, now),
      ),
    )
    .limit(1);
  if (!invited) throw new DomainError("FORBIDDEN", message("auth.signupInviteOnly"));
}

export interface SignupRules {
  /** Who may sign up (SIGNUP); the instance's first account always may, as its owner. */
  signup: SignupMode;
  /**
   * The request may make the instance's owner: it asked, from this machine or with the setup
   * link's token. Granted only while no account exists.
   */
  mayOwn: boolean;
}

/**
 * Creates a host with their profile, a working-hours default schedule, a session token and
 * the mail with the link that verifies their address, in one transaction. Until they follow
 * it their pages stay unpublished. While the instance has no owner, an account made by a
 * request that may own it becomes its owner (role admin), verified at once: no mail needed. A
 * sign-up from a mailed invitation (`input.invitation`: the owner's to host, or a team's) must
 * use the invited address, which it thereby proves (verified, the host invitation used up);
 * VALIDATION for a link that is not open or another address. Others sign up as
 * SIGNUP allows: FORBIDDEN when it is closed, or by invitation and the address has no
 * pending team invitation. Throws VALIDATION when the email or username is taken.
 */
export async function accountCreator(
  db: Db,
  input: SignupInput,
  publicUrl: string,
  now: Date,
  rules: SignupRules = { signup: "open", mayOwn: false },
): Promise<{ user: UserRow; token: string }> {
  const taken = await takenFields(db, input);
  if (taken) throw takenError(taken);
  const passwordHash = await hashPassword(input.password);
  const timeZone = input.timeZone ?? "Europe/Berlin";
  const language = input.language ?? "en";
  try {
    return await db.transaction(async (tx) => {
      // One owner: concurrent sign-ups wait here while the first decides.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('slotted owner setup'))`);
      const owner = rules.mayOwn && !(await hasOwner(tx));
      // A sign-up from a mailed link proves its address: no verification mail needed.
      const invitation =
        input.invitation && !owner
          ? await invitationOf(tx, input.invitation, input.email, now)
          : null;
      if (!owner) await assertMaySignUp(tx, rules.signup, input.email, now, invitation !== null);
      const verified = owner || invitation !== null;
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          name: input.name,
          username: input.username,
          timeZone,
          language,
          ...(owner ? { role: "admin" as const } : {}),
          ...(verified ? { emailVerifiedAt: now } : {}),
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
      if (invitation?.kind === "host") {
        await tx
          .update(hostInvitations)
          .set({ acceptedAt: now, acceptedBy: user.id })
          .where(eq(hostInvitations.id, invitation.id));
      }
      if (!verified) await queueVerificationMail(tx, user, publicUrl, now);
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
