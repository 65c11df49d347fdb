import { and, eq } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import type { TeamRole } from "../data/teams";
import type { Db } from "../db/database";
import { teamMembers } from "../db/schema";
import { assertNotLastAdmin, assertTeamAdmin } from "../policies/teams";
import { applyLockedColors } from "../teams/lockedColors";

/**
 * Makes a member an admin or a plain member (admins only); a team keeps at least one admin.
 * Throws NOT_FOUND (team or member), FORBIDDEN, CONFLICT.
 */
export async function teamMemberRoleChanger(
  db: Db,
  userId: string,
  teamId: string,
  memberId: string,
  role: TeamRole,
): Promise<void> {
  await assertTeamAdmin(db, userId, teamId);
  await db.transaction(async (tx) => {
    if (role === "member") await assertNotLastAdmin(tx, teamId, memberId);
    const changed = await tx
      .update(teamMembers)
      .set({ role })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, memberId)))
      .returning();
    if (changed.length === 0) throw new DomainError("NOT_FOUND", message("teams.memberNotFound"));
    await applyLockedColors(tx, teamId, [memberId]);
  });
}
