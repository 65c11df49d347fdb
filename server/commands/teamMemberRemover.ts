import { and, eq } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import type { Db } from "../db/database";
import { teamMembers } from "../db/schema";
import { assertNotLastAdmin, assertTeamAdmin } from "../policies/teams";
import { removeFromTeamHosts } from "../teams/teamHosts";

/**
 * Removes a member (admins only) and takes them off the team's event types; their booked
 * meetings stay. The last admin cannot leave the team without one. Throws NOT_FOUND (team or
 * member), FORBIDDEN, CONFLICT.
 */
export async function teamMemberRemover(
  db: Db,
  userId: string,
  teamId: string,
  memberId: string,
): Promise<void> {
  await assertTeamAdmin(db, userId, teamId);
  await db.transaction(async (tx) => {
    await assertNotLastAdmin(tx, teamId, memberId);
    const removed = await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, memberId)))
      .returning();
    if (removed.length === 0) throw new DomainError("NOT_FOUND", message("teams.memberNotFound"));
    await removeFromTeamHosts(tx, teamId, memberId);
  });
}
