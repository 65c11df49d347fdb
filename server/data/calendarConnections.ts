import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { calendarConnections, connectedCalendars } from "../db/schema";

export type CalendarConnectionRow = typeof calendarConnections.$inferSelect;
export type ConnectedCalendarRow = typeof connectedCalendars.$inferSelect;

export interface CalendarConnectionView extends CalendarConnectionRow {
  calendars: ConnectedCalendarRow[];
  busyBlocks: number;
}

/** One connection by id, whoever owns it; null when there is none. */
export async function findCalendarConnection(
  db: Db | Tx,
  id: string,
): Promise<CalendarConnectionRow | null> {
  const [row] = await db.select().from(calendarConnections).where(eq(calendarConnections.id, id));
  return row ?? null;
}

/** A host's connections, oldest first, each with its calendars and its count of busy rows. */
export async function listCalendarConnections(
  db: Db | Tx,
  userId: string,
): Promise<CalendarConnectionView[]> {
  const connections = await db
    .select({
      connection: calendarConnections,
      busyBlocks: sql<number>`(select count(*)::int from calendar_busy cb
        where cb.connection_id = calendar_connections.id)`,
    })
    .from(calendarConnections)
    .where(eq(calendarConnections.userId, userId))
    .orderBy(asc(calendarConnections.createdAt), asc(calendarConnections.id));
  if (connections.length === 0) return [];
  const calendars = await db
    .select()
    .from(connectedCalendars)
    .where(
      inArray(
        connectedCalendars.connectionId,
        connections.map((row) => row.connection.id),
      ),
    )
    .orderBy(asc(connectedCalendars.name), asc(connectedCalendars.id));
  return connections.map(({ connection, busyBlocks }) => ({
    ...connection,
    busyBlocks: Number(busyBlocks),
    calendars: calendars.filter((calendar) => calendar.connectionId === connection.id),
  }));
}
