import { and, eq, isNull } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import type { Db } from "../db/database";
import { teamInvitations } from "../db/schema";
import { assertTeamAdmin } from "../policies/teams";

/**
 * Withdraws an unanswered invitation (admins only): its link stops working. Throws NOT_FOUND
 * for an invitation of another team or one already answered, and for outsiders of the team;
 * FORBIDDEN for its plain members.
 */
export async function teamInvitationRevoker(
  db: Db,
  userId: string,
  teamId: string,
  invitationId: string,
): Promise<void> {
  await assertTeamAdmin(db, userId, teamId);
  const removed = await db
    .delete(teamInvitations)
    .where(
      and(
        eq(teamInvitations.id, invitationId),
        eq(teamInvitations.teamId, teamId),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.declinedAt),
      ),
    )
    .returning({ id: teamInvitations.id });
  if (removed.length === 0) throw new DomainError("NOT_FOUND", message("teams.invitationNotFound"));
}
