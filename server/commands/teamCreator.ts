import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import type { TeamRow } from "../data/teams";
import type { Db } from "../db/database";
import { profiles, teamMembers, teams } from "../db/schema";
import { sqlState } from "../db/sqlState";

/**
 * Creates a team with its profile; the creator is its first admin. Throws VALIDATION for a slug
 * another team or a user holds: the page_names key (kept by a trigger) refuses it, race or not.
 */
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
      throw new DomainError("VALIDATION", message("teams.linkInUse"), {
        slug: [message("teams.linkInUse")],
      });
    }
    throw error;
  }
}
