import { and, eq, inArray } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { findTeam, roleInTeam, type TeamRole, type TeamRow } from "../data/teams";
import type { Db, Tx } from "../db/database";
import { eventTypeHosts, eventTypes, profiles, teamMembers, teams } from "../db/schema";
import { sqlState } from "../plugins/errorHandler";

/** The team, when `userId` is its admin. Throws NOT_FOUND for outsiders, FORBIDDEN for plain members. */
export async function assertAdmin(db: Db, userId: string, teamId: string): Promise<TeamRow> {
  const [team, role] = await Promise.all([findTeam(db, teamId), roleInTeam(db, userId, teamId)]);
  if (!team || role === null) throw new DomainError("NOT_FOUND", "Team not found.");
  if (role !== "admin") throw new DomainError("FORBIDDEN", "Only team admins can do this.");
  return team;
}

/** Refuses to take the admin role from the team's only admin (inside the change's transaction). Throws CONFLICT. */
export async function assertNotLastAdmin(tx: Tx, teamId: string, memberId: string): Promise<void> {
  const admins = await tx
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, "admin")))
    // Two admins stepping down at once take turns, so the second sees the first gone.
    .for("update");
  if (admins.length === 1 && admins[0]!.userId === memberId) {
    throw new DomainError("CONFLICT", "A team needs at least one admin.");
  }
}

/** Creates a team with its profile; the creator is its first admin. Throws VALIDATION for a taken slug. */
export async function teamCreator(
  db: Db,
  userId: string,
  input: { name: string; slug: string },
): Promise<TeamRow> {
  try {
    return await db.transaction(async (tx) => {
      const [team] = await tx.insert(teams).values(input).returning();
      await tx.insert(teamMembers).values({ teamId: team!.id, userId, role: "admin" });
      await tx.insert(profiles).values({ teamId: team!.id });
      return team!;
    });
  } catch (error) {
    if (sqlState(error) === "23505") {
      throw new DomainError("VALIDATION", "This team link is already in use.", {
        slug: ["This team link is already in use."],
      });
    }
    throw error;
  }
}

export interface TeamColors {
  backgroundColor?: string | null;
  textColor?: string | null;
  primaryColor?: string | null;
}

/**
 * While a team locks its colours, its plain members' pages wear the team's colours: copied to
 * their profiles here, so every page that reads a profile shows them without knowing of teams.
 */
export async function applyLockedColors(tx: Tx, teamId: string, memberIds?: string[]) {
  const [team] = await tx.select().from(teams).where(eq(teams.id, teamId)).limit(1);
  if (!team?.colorsLocked) return;
  const [colors] = await tx
    .select({
      backgroundColor: profiles.backgroundColor,
      textColor: profiles.textColor,
      primaryColor: profiles.primaryColor,
    })
    .from(profiles)
    .where(eq(profiles.teamId, teamId))
    .limit(1);
  const members = await tx
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, "member")));
  const ids = members.map((m) => m.userId).filter((id) => !memberIds || memberIds.includes(id));
  if (!colors || ids.length === 0) return;
  await tx.update(profiles).set(colors).where(inArray(profiles.userId, ids));
}

/** Changes a team's name, brand colours or colour lock (admins only). */
export async function teamUpdater(
  db: Db,
  userId: string,
  teamId: string,
  update: { name?: string; colorsLocked?: boolean; colors?: TeamColors },
): Promise<TeamRow> {
  await assertAdmin(db, userId, teamId);
  const { colors, ...teamUpdate } = update;
  return db.transaction(async (tx) => {
    if (Object.keys(teamUpdate).length > 0) {
      await tx.update(teams).set(teamUpdate).where(eq(teams.id, teamId));
    }
    if (colors && Object.keys(colors).length > 0) {
      await tx.update(profiles).set(colors).where(eq(profiles.teamId, teamId));
    }
    await applyLockedColors(tx, teamId);
    const [team] = await tx.select().from(teams).where(eq(teams.id, teamId)).limit(1);
    return team!;
  });
}

/** Makes a member an admin or a plain member (admins only); a team keeps at least one admin. */
export async function teamMemberRoleChanger(
  db: Db,
  userId: string,
  teamId: string,
  memberId: string,
  role: TeamRole,
): Promise<void> {
  await assertAdmin(db, userId, teamId);
  await db.transaction(async (tx) => {
    if (role === "member") await assertNotLastAdmin(tx, teamId, memberId);
    const changed = await tx
      .update(teamMembers)
      .set({ role })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, memberId)))
      .returning();
    if (changed.length === 0) throw new DomainError("NOT_FOUND", "Member not found.");
    await applyLockedColors(tx, teamId, [memberId]);
  });
}

/**
 * Removes a member (admins only) and takes them off the team's event types; their booked
 * meetings stay. The last admin cannot leave the team without one.
 */
export async function teamMemberRemover(
  db: Db,
  userId: string,
  teamId: string,
  memberId: string,
): Promise<void> {
  await assertAdmin(db, userId, teamId);
  await db.transaction(async (tx) => {
    await assertNotLastAdmin(tx, teamId, memberId);
    const removed = await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, memberId)))
      .returning();
    if (removed.length === 0) throw new DomainError("NOT_FOUND", "Member not found.");
    await removeFromTeamHosts(tx, teamId, memberId);
  });
}

/**
 * Takes a former member off every host list and host group of the team's event types, so no
 * new booking reaches someone outside the team; meetings already booked keep their hosts.
 */
export async function removeFromTeamHosts(tx: Tx, teamId: string, userId: string): Promise<void> {
  const types = await tx
    .select({ id: eventTypes.id, hostGroups: eventTypes.hostGroups })
    .from(eventTypes)
    .where(eq(eventTypes.teamId, teamId));
  if (types.length === 0) return;
  await tx.delete(eventTypeHosts).where(
    and(
      eq(eventTypeHosts.userId, userId),
      inArray(
        eventTypeHosts.eventTypeId,
        types.map((type) => type.id),
      ),
    ),
  );
  for (const type of types) {
    if (!type.hostGroups.some((group) => group.userIds.includes(userId))) continue;
    const hostGroups = type.hostGroups.map((group) => ({
      ...group,
      userIds: group.userIds.filter((id) => id !== userId),
    }));
    await tx.update(eventTypes).set({ hostGroups }).where(eq(eventTypes.id, type.id));
  }
}
