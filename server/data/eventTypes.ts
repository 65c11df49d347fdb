import { asc, eq, inArray, or } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { eventTypeHosts, eventTypes, teamMembers } from "../db/schema";

export type EventTypeRow = typeof eventTypes.$inferSelect;
export interface EventTypeWithHosts extends EventTypeRow {
  hosts: { userId: string; priority: number }[];
}

export async function attachHosts(db: Db | Tx, rows: EventTypeRow[]): Promise<EventTypeWithHosts[]> {
  if (rows.length === 0) return [];
  const hosts = await db
    .select()
    .from(eventTypeHosts)
    .where(inArray(eventTypeHosts.eventTypeId, rows.map((r) => r.id)))
    .orderBy(asc(eventTypeHosts.userId));
  return rows.map((row) => ({
    ...row,
    hosts: hosts
      .filter((h) => h.eventTypeId === row.id)
      .map((h) => ({ userId: h.userId, priority: h.priority }))
      .sort((a, b) => b.priority - a.priority),
  }));
}

export async function findEventType(db: Db | Tx, id: string): Promise<EventTypeWithHosts | null> {
  const [row] = await db.select().from(eventTypes).where(eq(eventTypes.id, id)).limit(1);
  if (!row) return null;
  const [withHosts] = await attachHosts(db, [row]);
  return withHosts ?? null;
}

/** Personal event types of `userId` and those of every team they belong to. */
export async function listVisibleEventTypes(db: Db, userId: string): Promise<EventTypeWithHosts[]> {
  const teamIds = db
    .select({ id: teamMembers.teamId })
    .from(teamMembers)
    .where(eq(teamMembers.userId, userId));
  const rows = await db
    .select()
    .from(eventTypes)
    .where(or(eq(eventTypes.userId, userId), inArray(eventTypes.teamId, teamIds)))
    .orderBy(asc(eventTypes.createdAt), asc(eventTypes.id));
  return attachHosts(db, rows);
}
