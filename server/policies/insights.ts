import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import type { PageOwner } from "../data/pageNames";
import { findUserById } from "../data/users";
import type { Db } from "../db/database";
import { assertTeamAdmin } from "./teams";

/** Whose page the insights are of, and the zone their days are counted in. */
export interface InsightsOwner {
  publicId: string;
  timeZone: string;
  /** The page itself, whose blocks name the clicked component ids. */
  page: PageOwner;
}

/**
 * A host sees the insights of their own page: the one their username names (no id to name
 * another's). Throws UNAUTHENTICATED for a user deleted meanwhile.
 */
export async function assertCanSeeOwnInsights(db: Db, userId: string): Promise<InsightsOwner> {
  const user = await findUserById(db, userId);
  if (!user) throw new DomainError("UNAUTHENTICATED", message("auth.signIn"));
  return { publicId: user.username, timeZone: user.timeZone, page: { kind: "user", user } };
}

/**
 * A team's page insights are for its admins (NOT_FOUND for outsiders, FORBIDDEN for plain
 * members). A team has no zone of its own: the days are the admin's.
 */
export async function assertCanSeeTeamInsights(
  db: Db,
  userId: string,
  teamId: string,
): Promise<InsightsOwner> {
  const team = await assertTeamAdmin(db, userId, teamId);
  const user = await findUserById(db, userId);
  if (!user) throw new DomainError("NOT_FOUND", message("teams.notFound"));
  return { publicId: team.slug, timeZone: user.timeZone, page: { kind: "team", team } };
}
