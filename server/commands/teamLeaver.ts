import { and, eq } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { roleInTeam } from "../data/teams";
import type { Db } from "../db/database";
import { teamMembers } from "../db/schema";
import { assertNotLastAdmin, removeFromTeamHosts } from "./teamWriter";

/**
 * Takes `userId` out of a team of their own accord and off its event types; their booked
 * meetings stay. Throws NOT_FOUND for a team they are not in, CONFLICT for its last admin (who
 * must make someone else admin first).
 */
export async function teamLeaver(db: Db, userId: string, teamId: string): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await roleInTeam(tx, userId, teamId)) === null) {
      throw new DomainError("NOT_FOUND", "Team not found.");
    }
    await assertNotLastAdmin(tx, teamId, userId);
    await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
    await removeFromTeamHosts(tx, teamId, userId);
  });
}
