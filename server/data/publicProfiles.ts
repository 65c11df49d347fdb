import { eq } from "drizzle-orm";
import type { Db } from "../db/database";
import { profiles } from "../db/schema";
import { findTeam, type TeamRow } from "./teams";
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
