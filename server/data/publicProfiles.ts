import { eq } from "drizzle-orm";
import type { Db } from "../db/database";
import { profiles } from "../db/schema";
import { colorLockOfUser, colorsOfTeams, findTeam, type TeamColorsRow, type TeamRow } from "./teams";
import { type ProfileRow, findProfileOfUser, findUserById, type UserRow } from "./users";

export type EventTypeOwner =
  | { kind: "user"; user: UserRow; profile: ProfileRow | null }
  | { kind: "team"; team: TeamRow; profile: ProfileRow | null };

/** The owner of an event type (a user or a team) with their Profile; null if gone. */
export async function findEventTypeOwner(
  db: Db,
  eventType: { userId: string | null; teamId: string | null },
): Promise<EventTypeOwner | null> {
  if (eventType.userId !== null) {
    const [user, profile] = await Promise.all([
      findUserById(db, eventType.userId),
      findProfileOfUser(db, eventType.userId),
    ]);
    return user ? { kind: "user", user, profile } : null;
  }
  if (eventType.teamId === null) return null;
  const [team, [profile]] = await Promise.all([
    findTeam(db, eventType.teamId),
    db.select().from(profiles).where(eq(profiles.teamId, eventType.teamId)).limit(1),
  ]);
  return team ? { kind: "team", team, profile: profile ?? null } : null;
}

/**
 * The colours a team admin locked for this owner's pages, or null when none are locked: a
 * plain member of a locking team shows the team's colours, a team its own when it locks them.
 */
export async function lockedColorsOf(db: Db, owner: EventTypeOwner): Promise<TeamColorsRow | null> {
  if (owner.kind === "team") {
    if (!owner.team.colorsLocked) return null;
    return {
      backgroundColor: owner.profile?.backgroundColor ?? null,
      textColor: owner.profile?.textColor ?? null,
      primaryColor: owner.profile?.primaryColor ?? null,
    };
  }
  const lock = await colorLockOfUser(db, owner.user.id);
  if (!lock) return null;
  return (await colorsOfTeams(db, [lock.teamId])).get(lock.teamId) ?? null;
}
