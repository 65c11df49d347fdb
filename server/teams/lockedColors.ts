import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../db/database";
import { profiles, teamMembers, teams } from "../db/schema";

/** A team's brand colours as a change sets them (a missing one stays as it is). */
export interface TeamColors {
  backgroundColor?: string | null;
  textColor?: string | null;
  primaryColor?: string | null;
}

/**
 * While a team locks its colours, its plain members' pages wear the team's colours: copied to
 * their profiles here, so every page that reads a profile shows them without knowing of teams.
 * `memberIds` limits the copy to those members (one who just joined or changed role).
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
