import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { profiles, teamMembers, teams, users } from "../db/schema";

export type TeamRow = typeof teams.$inferSelect;
export type TeamRole = "admin" | "member";

/** The caller's role in a team, or null when not a member. */
export async function roleInTeam(db: Db | Tx, userId: string, teamId: string): Promise<TeamRole | null> {
  const [row] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

export async function findTeam(db: Db | Tx, teamId: string): Promise<TeamRow | null> {
  const [row] = await db.select().from(teams).where(eq(teams.id, teamId)).limit(1);
  return row ?? null;
}

export function teamsOfUser(db: Db, userId: string) {
  return db
    .select({ team: teams, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teams.name));
}

export function membersOfTeams(db: Db | Tx, teamIds: string[]) {
  if (teamIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      teamId: teamMembers.teamId,
      userId: users.id,
      name: users.name,
      username: users.username,
      email: users.email,
      role: teamMembers.role,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(inArray(teamMembers.teamId, teamIds))
    .orderBy(asc(users.name));
}

/**
 * The first team that locks the brand colours of `userId`: one where they are a plain member
 * and an admin turned the lock on. Null when their colours are their own.
 */
export async function colorLockOfUser(
  db: Db | Tx,
  userId: string,
): Promise<{ teamId: string; teamName: string } | null> {
  const [row] = await db
    .select({ teamId: teams.id, teamName: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(
      and(
        eq(teamMembers.userId, userId),
        eq(teamMembers.role, "member"),
        eq(teams.colorsLocked, true),
      ),
    )
    .orderBy(asc(teams.name))
    .limit(1);
  return row ?? null;
}

/** The brand colours of teams, by team id. */
export async function colorsOfTeams(db: Db | Tx, teamIds: string[]) {
  if (teamIds.length === 0) return new Map<string, TeamColorsRow>();
  const rows = await db
    .select({
      teamId: profiles.teamId,
      backgroundColor: profiles.backgroundColor,
      textColor: profiles.textColor,
      primaryColor: profiles.primaryColor,
    })
    .from(profiles)
    .where(inArray(profiles.teamId, teamIds));
  return new Map(rows.map(({ teamId, ...colors }) => [teamId!, colors]));
}

export interface TeamColorsRow {
  backgroundColor: string | null;
  textColor: string | null;
  primaryColor: string | null;
}
