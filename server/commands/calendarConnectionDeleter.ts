import { eq } from "drizzle-orm";
import { releaseGoogleConnection } from "../calendars/google/googleChannels";
import type { GoogleContext } from "../calendars/google/googleSource";
import type { MicrosoftContext } from "../calendars/microsoft/microsoftSource";
import { releaseMicrosoftConnection } from "../calendars/microsoft/microsoftSubscriptions";
import { releaseZoomConnection } from "../calendars/zoom/zoomMeetings";
import type { ZoomConfig } from "../config";
import type { Db } from "../db/database";
import { calendarConnections, googleChannels, microsoftSubscriptions } from "../db/schema";
import { loadOwnedCalendarConnection } from "../policies/calendarConnections";

/**
 * Disconnects a calendar of `userId`: the connection, its calendars, its busy time and the
 * record of events written there go (the events stay in the calendar). A Google connection's
 * push channels are then stopped and its grant revoked, a Microsoft one's Graph subscriptions
 * deleted, a Zoom connection's grant revoked (with `providers`; best effort; Zoom meetings
 * stay). NOT_FOUND for another host's connection.
 */
export async function calendarConnectionDeleter(
  db: Db,
  userId: string,
  id: string,
  providers?: GoogleContext & Pick<MicrosoftContext, "microsoft"> & { zoom?: ZoomConfig | null },
): Promise<void> {
  const gone = await db.transaction(async (tx) => {
    await loadOwnedCalendarConnection(tx, userId, id);
    const channels = await tx
      .select()
      .from(googleChannels)
      .where(eq(googleChannels.connectionId, id));
    const subscriptions = await tx
      .select()
      .from(microsoftSubscriptions)
      .where(eq(microsoftSubscriptions.connectionId, id));
    const [row] = await tx
      .delete(calendarConnections)
      .where(eq(calendarConnections.id, id))
      .returning();
    return { row, channels, subscriptions };
  });
  if (providers === undefined || gone.row === undefined) return;
  if (gone.row.provider === "GOOGLE") {
    await releaseGoogleConnection(providers, gone.row, gone.channels);
  }
  if (gone.row.provider === "MICROSOFT") {
    await releaseMicrosoftConnection(providers, gone.row, gone.subscriptions);
  }
  if (gone.row.provider === "ZOOM") {
    await releaseZoomConnection({ ...providers, zoom: providers.zoom ?? null }, gone.row);
  }
}
