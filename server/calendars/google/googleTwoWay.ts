import { eq } from "drizzle-orm";
import { type calendarConnections, connectedCalendars } from "../../db/schema";
import { freshConnection } from "../calendarPush";
import {
  changeOfMeeting,
  type ExternalChangeContext,
  handleExternalCalendarChange,
  twoWayCalendars,
  writtenMeetings,
} from "../externalChanges";
import { type GoogleContext, meetingIdOfGoogleEvent, readGoogleChanges } from "./googleSource";

/**
 * Reads what changed in a Google connection's calendars since the last read (events.list with
 * each calendar's syncToken; a full read the first time and after a 410) and tells
 * handleExternalCalendarChange of each booked meeting's event the host deleted or moved there.
 * Calendars read: those Slotted writes into or wrote into. A calendar's new token is stored
 * only once its changes were handled, so a failure (Google unreachable, the process gone) reads
 * them again next time: nothing is lost, and a change handled twice is a no-op. Throws
 * CalendarSourceError when Google fails; nothing is concluded then.
 */
export async function syncGoogleChanges(
  context: GoogleContext & ExternalChangeContext,
  connection: typeof calendarConnections.$inferSelect,
): Promise<number> {
  const { db } = context;
  const calendars = await twoWayCalendars(db, connection.id);
  let handled = 0;
  for (const calendar of calendars) {
    // The row as it is now: the busy read (or the calendar before) may have refreshed and
    // stored the tokens; reading the old ones would refresh them again.
    const fresh = await freshConnection(db, connection.id);
    if (fresh === undefined) return handled;
    const read = await readGoogleChanges(context, fresh, calendar.url, calendar.syncToken);
    const ids = read.changes
      .map((change) => ({ change, eventId: meetingIdOfGoogleEvent(change.id) }))
      .filter(
        (c): c is { change: (typeof read.changes)[number]; eventId: string } => c.eventId !== null,
      );
    const meetings = await writtenMeetings(
      db,
      calendar.id,
      "eventId",
      ids.map((c) => c.eventId),
    );
    for (const { change, eventId } of ids) {
      const meeting = meetings.get(eventId);
      if (meeting === undefined) continue;
      const outcome = await handleExternalCalendarChange(context, {
        connection,
        meeting: { eventId },
        change: changeOfMeeting(meeting, change),
      });
      if (outcome === "marked" || outcome === "cancelled") handled++;
    }
    await db
      .update(connectedCalendars)
      .set({ syncToken: read.syncToken })
      .where(eq(connectedCalendars.id, calendar.id));
  }
  return handled;
}
