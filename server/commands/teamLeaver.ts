import { and, eq } from "drizzle-orm";
import type { Db } from "../db/database";
import { teamMembers } from "../db/schema";
import { assertNotLastAdmin, assertTeamMember } from "../policies/teams";
import { removeFromTeamHosts } from "../teams/teamHosts";

/**
 * Takes `userId` out of a team of their own accord and off its event types; their booked
 * meetings stay. Throws NOT_FOUND for a team they are not in, CONFLICT for its last admin (who
 * must make someone else admin first).
 */
export async function teamLeaver(db: Db, userId: string, teamId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await assertTeamMember(tx, userId, teamId);
    await assertNotLastAdmin(tx, teamId, userId);
    await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
    await removeFromTeamHosts(tx, teamId, userId);
  });
}
