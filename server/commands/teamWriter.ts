import { and, eq } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { findTeam, roleInTeam, type TeamRole, type TeamRow } from "../data/teams";
import { findUserByEmail } from "../data/users";
import type { Db } from "../db/database";
import { profiles, teamMembers, teams } from "../db/schema";
import { sqlState } from "../plugins/errorHandler";

async function assertAdmin(db: Db, userId: string, teamId: string): Promise<TeamRow> {
  const [team, role] = await Promise.all([findTeam(db, teamId), roleInTeam(db, userId, teamId)]);
  if (!team || role === null) throw new DomainError("NOT_FOUND", "Team not found.");
  if (role !== "admin") throw new DomainError("FORBIDDEN", "Only team admins can do this.");
  return team;
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

/** Changes a team's name or colour lock (admins only). */
export async function teamUpdater(
  db: Db,
  userId: string,
  teamId: string,
  update: { name?: string; colorsLocked?: boolean },
): Promise<TeamRow> {
  await assertAdmin(db, userId, teamId);
  const [team] = await db.update(teams).set(update).where(eq(teams.id, teamId)).returning();
  return team!;
}

/** Adds an existing Slotted user to a team by email (admins only). */
export async function teamMemberAdder(
  db: Db,
  userId: string,
  teamId: string,
  input: { email: string; role: TeamRole },
): Promise<void> {
  await assertAdmin(db, userId, teamId);
  const user = await findUserByEmail(db, input.email);
  if (!user) {
    throw new DomainError("VALIDATION", "No Slotted account uses this email.", {
      email: ["No Slotted account uses this email."],
    });
  }
  const inserted = await db
    .insert(teamMembers)
    .values({ teamId, userId: user.id, role: input.role })
    .onConflictDoNothing()
    .returning();
  if (inserted.length === 0) {
    throw new DomainError("VALIDATION", "Already a member of this team.", {
      email: ["Already a member of this team."],
    });
  }
}

/** Removes a member (admins only); the last admin cannot leave the team without one. */
export async function teamMemberRemover(
  db: Db,
  userId: string,
  teamId: string,
  memberId: string,
): Promise<void> {
  await assertAdmin(db, userId, teamId);
  await db.transaction(async (tx) => {
    const admins = await tx
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, "admin")));
    if (admins.length === 1 && admins[0]!.userId === memberId) {
      throw new DomainError("CONFLICT", "A team needs at least one admin.");
    }
    const removed = await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, memberId)))
      .returning();
    if (removed.length === 0) throw new DomainError("NOT_FOUND", "Member not found.");
  });
}
