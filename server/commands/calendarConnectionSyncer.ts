import { type SyncContext, type SyncOutcome, syncConnection } from "../calendars/syncConnection";
import { loadOwnedCalendarConnection } from "../policies/calendarConnections";

/**
 * Reads a connection of `userId` now (the dashboard's "Sync now"); a failure is recorded on the
 * connection and answered, not thrown. NOT_FOUND for another host's connection.
 */
export async function calendarConnectionSyncer(
  context: SyncContext,
  userId: string,
  id: string,
): Promise<SyncOutcome> {
  await loadOwnedCalendarConnection(context.db, userId, id);
  return syncConnection(context, id);
}
