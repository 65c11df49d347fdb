import { eq } from "drizzle-orm";
import { releaseGoogleConnection } from "../calendars/google/googleChannels";
import type { GoogleContext } from "../calendars/google/googleSource";
import type { Db } from "../db/database";
import { calendarConnections, googleChannels } from "../db/schema";
import { loadOwnedCalendarConnection } from "../policies/calendarConnections";

/**
 * Disconnects a calendar of `userId`: the connection, its calendars, its busy time and the
 * record of events written there go (the events stay in the calendar). A Google connection's
 * push channels are then stopped and its grant revoked (with `google`; best effort). NOT_FOUND
 * for another host's connection.
 */
export async function calendarConnectionDeleter(
  db: Db,
  userId: string,
  id: string,
  google?: GoogleContext,
): Promise<void> {
  const gone = await db.transaction(async (tx) => {
    await loadOwnedCalendarConnection(tx, userId, id);
    const channels = await tx
      .select()
      .from(googleChannels)
      .where(eq(googleChannels.connectionId, id));
    const [row] = await tx
      .delete(calendarConnections)
      .where(eq(calendarConnections.id, id))
      .returning();
    return { row, channels };
  });
  if (google !== undefined && gone.row !== undefined && gone.row.provider === "GOOGLE") {
    await releaseGoogleConnection(google, gone.row, gone.channels);
  }
}
