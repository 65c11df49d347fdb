import { eq } from "drizzle-orm";
import type { TeamRow } from "../data/teams";
import type { Db } from "../db/database";
import { profiles, teams } from "../db/schema";
import { assertTeamAdmin } from "../policies/teams";
import { applyLockedColors, type TeamColors } from "../teams/lockedColors";

/** Changes a team's name, brand colours or colour lock (admins only). Throws NOT_FOUND, FORBIDDEN. */
export async function teamUpdater(
  db: Db,
  userId: string,
  teamId: string,
  update: { name?: string; colorsLocked?: boolean; colors?: TeamColors },
): Promise<TeamRow> {
  await assertTeamAdmin(db, userId, teamId);
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
