import { and, eq } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { findTeam, roleInTeam, type TeamRole, type TeamRow } from "../data/teams";
import type { Db, Tx } from "../db/database";
import { teamMembers } from "../db/schema";

/** Members (admins and plain members) see their team; to anyone else it does not exist. */
export function canSeeTeam(role: TeamRole | null): boolean {
  return role !== null;
}

/** Only admins rename a team, set or lock its colours, invite, change roles and remove members. */
export function canAdministerTeam(role: TeamRole | null): boolean {
  return role === "admin";
}

/** Whether taking `memberId` out of the admins (`adminIds`) would leave the team without one. */
export function isLastAdmin(adminIds: readonly string[], memberId: string): boolean {
  return adminIds.length === 1 && adminIds[0] === memberId;
}

const teamNotFound = () => new DomainError("NOT_FOUND", message("teams.notFound"));

/** The team and the caller's role in it, when they are a member. Throws NOT_FOUND otherwise. */
export async function assertTeamMember(
  db: Db | Tx,
  userId: string,
  teamId: string,
): Promise<{ team: TeamRow; role: TeamRole }> {
  const [team, role] = await Promise.all([findTeam(db, teamId), roleInTeam(db, userId, teamId)]);
  if (!team || role === null || !canSeeTeam(role)) throw teamNotFound();
  return { team, role };
}

/** The team, when `userId` is its admin. Throws NOT_FOUND for outsiders, FORBIDDEN for plain members. */
export async function assertTeamAdmin(
  db: Db | Tx,
  userId: string,
  teamId: string,
): Promise<TeamRow> {
  const { team, role } = await assertTeamMember(db, userId, teamId);
  if (!canAdministerTeam(role)) throw new DomainError("FORBIDDEN", message("teams.onlyAdmins"));
  return team;
}

/**
 * Refuses (CONFLICT) to take the admin role or the membership from the team's only admin,
 * inside the change's transaction.
 */
export async function assertNotLastAdmin(tx: Tx, teamId: string, memberId: string): Promise<void> {
  const admins = await tx
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, "admin")))
    // Two admins stepping down at once take turns, so the second sees the first gone.
    .for("update");
  if (
    isLastAdmin(
      admins.map((a) => a.userId),
      memberId,
    )
  ) {
    throw new DomainError("CONFLICT", message("teams.needsAdmin"));
  }
}
