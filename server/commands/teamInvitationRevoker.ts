import { and, eq, isNull } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import type { Db } from "../db/database";
import { teamInvitations } from "../db/schema";
import { assertAdmin } from "./teamWriter";

/**
 * Withdraws an unanswered invitation (admins only): its link stops working. Throws NOT_FOUND
 * for an invitation of another team or one already answered.
 */
export async function teamInvitationRevoker(
  db: Db,
  userId: string,
  teamId: string,
  invitationId: string,
): Promise<void> {
  await assertAdmin(db, userId, teamId);
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
  if (removed.length === 0) throw new DomainError("NOT_FOUND", "Invitation not found.");
}
