import { eq } from "drizzle-orm";
import type { Db } from "../db/database";
import { calendarConnections } from "../db/schema";
import { loadOwnedCalendarConnection } from "../policies/calendarConnections";

/**
 * Disconnects a calendar of `userId`: the connection, its calendars, its busy time and the
 * record of events written there go (the events stay in the calendar). NOT_FOUND for another
 * host's connection.
 */
export async function calendarConnectionDeleter(db: Db, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await loadOwnedCalendarConnection(tx, userId, id);
    await tx.delete(calendarConnections).where(eq(calendarConnections.id, id));
  });
}
