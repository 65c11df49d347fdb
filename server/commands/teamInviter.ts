import { and, eq, isNull, sql } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { newSecret, tokenHash } from "../auth/secrets";
import { roleInTeam, type TeamRole } from "../data/teams";
import { findUserByEmail, findUserById } from "../data/users";
import type { Db } from "../db/database";
import { teamInvitations } from "../db/schema";
import type { MailPayload } from "../mail/mailTypes";
import { enqueueMails } from "../mail/outbox";
import { assertCanInvite } from "../policies/teamInvitations";
import { assertTeamAdmin } from "../policies/teams";
import { invitationToken } from "../teams/invitationTokens";
import { takeRateLimit } from "../verification/rateLimit";

/** How long a mailed invitation link works. */
export const INVITATION_DAYS = 7;
/** Invitations one admin sends per hour; more would make Slotted a mailer for strangers. */
export const INVITATIONS_PER_HOUR = 50;

export interface SentInvitation {
  id: string;
  email: string;
  role: TeamRole;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * Invites an address to a team (admins only): stores the invitation with a hashed, single-use,
 * expiring token and writes the mail with its link to the outbox in the same transaction. A new
 * invitation to the same address replaces the unanswered one. Whether the address has an
 * account changes only the mail's language and who may answer from the dashboard, never the
 * result. Throws FORBIDDEN while the inviter's address is unverified, VALIDATION when the
 * address belongs to a member already, RATE_LIMITED past INVITATIONS_PER_HOUR.
 */
export async function teamInviter(
  db: Db,
  userId: string,
  teamId: string,
  input: { email: string; role: TeamRole },
  publicUrl: string,
  now: Date,
): Promise<SentInvitation> {
  const team = await assertTeamAdmin(db, userId, teamId);
  const inviter = await findUserById(db, userId);
  assertCanInvite(inviter);
  await takeRateLimit(db, `team-invitations:${userId}`, INVITATIONS_PER_HOUR, 3_600_000, now);
  const invitee = await findUserByEmail(db, input.email);
  // The admin sees every member's address in the team already; saying so reveals nothing new.
  if (invitee && (await roleInTeam(db, invitee.id, teamId)) !== null) {
    throw new DomainError("VALIDATION", message("teams.alreadyMember"), {
      email: [message("teams.alreadyMember")],
    });
  }
  const secret = newSecret();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
  return db.transaction(async (tx) => {
    await tx
      .delete(teamInvitations)
      .where(
        and(
          eq(teamInvitations.teamId, teamId),
          sql`lower(${teamInvitations.email}) = lower(${input.email})`,
          isNull(teamInvitations.acceptedAt),
          isNull(teamInvitations.declinedAt),
        ),
      );
    const [invitation] = await tx
      .insert(teamInvitations)
      .values({
        teamId,
        email: input.email,
        role: input.role,
        inviteeId: invitee?.id ?? null,
        invitedBy: userId,
        tokenHash: tokenHash(secret),
        expiresAt,
        createdAt: now,
      })
      .returning();
    const token = invitationToken(invitation!.id, secret);
    const mail: MailPayload = {
      template: "teamInvitation",
      to: { email: input.email },
      language: invitee?.language ?? inviter?.language ?? "en",
      data: {
        teamName: team.name,
        inviterName: inviter?.name ?? team.name,
        role: input.role,
        url: `${publicUrl}/dashboard/invitation?token=${encodeURIComponent(token)}`,
        days: INVITATION_DAYS,
      },
    };
    await enqueueMails(tx, [mail], now);
    const { id, email, role, createdAt } = invitation!;
    return { id, email, role, createdAt, expiresAt };
  });
}
