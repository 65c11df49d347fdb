import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/database";
import { profiles, teamInvitations, teamMembers, teams, users } from "../db/schema";

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

/** Invitations still waiting for an answer (expired ones too, so admins can send them again). */
export function openInvitationsOfTeam(db: Db | Tx, teamId: string) {
  return db
    .select({
      id: teamInvitations.id,
      email: teamInvitations.email,
      role: teamInvitations.role,
      createdAt: teamInvitations.createdAt,
      expiresAt: teamInvitations.expiresAt,
    })
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.teamId, teamId),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.declinedAt),
      ),
    )
    .orderBy(desc(teamInvitations.createdAt));
}

/** The unexpired, unanswered invitations `userId` may answer from the dashboard. */
export function pendingInvitationsOfUser(db: Db | Tx, userId: string, now: Date) {
  const invitee = alias(users, "invitee");
  return db
    .select({
      id: teamInvitations.id,
      teamId: teams.id,
      teamName: teams.name,
      role: teamInvitations.role,
      inviterName: users.name,
      expiresAt: teamInvitations.expiresAt,
    })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .innerJoin(
      invitee,
      and(
        eq(invitee.id, userId),
        isNotNull(invitee.emailVerifiedAt),
        or(
          eq(teamInvitations.inviteeId, invitee.id),
          sql`lower(${teamInvitations.email}) = lower(${invitee.email})`,
        ),
      ),
    )
    .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
    .where(
      and(
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.declinedAt),
        gt(teamInvitations.expiresAt, now),
      ),
    )
    .orderBy(asc(teams.name));
}

/** One invitation with its team's and inviter's names, for the page the mailed link opens. */
export async function invitationWithTeam(db: Db | Tx, invitationId: string) {
  const [row] = await db
    .select({
      invitation: teamInvitations,
      teamName: teams.name,
      inviterName: users.name,
    })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
    .where(eq(teamInvitations.id, invitationId))
    .limit(1);
  return row ?? null;
}

export type InvitationRow = typeof teamInvitations.$inferSelect;

/** The invitation `id` names, held for the caller's transaction when `lock` is set. */
export async function findInvitation(
  db: Db | Tx,
  id: string,
  lock = false,
): Promise<InvitationRow | null> {
  const query = db.select().from(teamInvitations).where(eq(teamInvitations.id, id)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}
