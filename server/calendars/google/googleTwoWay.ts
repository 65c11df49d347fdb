import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/database";
import { calendarConnections, calendarWrites, connectedCalendars, events } from "../../db/schema";
import { type ExternalChangeContext, handleExternalCalendarChange } from "../externalChanges";
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
  const calendars = await db
    .select({
      id: connectedCalendars.id,
      url: connectedCalendars.url,
      token: connectedCalendars.syncToken,
    })
    .from(connectedCalendars)
    .where(
      and(
        eq(connectedCalendars.connectionId, connection.id),
        or(
          eq(connectedCalendars.writeTarget, true),
          sql`exists (select 1 from calendar_writes w where w.calendar_id = ${connectedCalendars.id})`,
        ),
      ),
    );
  let handled = 0;
  for (const calendar of calendars) {
    // The row as it is now: the busy read (or the calendar before) may have refreshed and
    // stored the tokens; reading the old ones would refresh them again.
    const [fresh] = await db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.id, connection.id));
    if (fresh === undefined) return handled;
    const read = await readGoogleChanges(context, fresh, calendar.url, calendar.token);
    const ids = read.changes
      .map((change) => ({ change, eventId: meetingIdOfGoogleEvent(change.id) }))
      .filter(
        (c): c is { change: (typeof read.changes)[number]; eventId: string } => c.eventId !== null,
      );
    const meetings = await writtenMeetings(
      db,
      calendar.id,
      ids.map((c) => c.eventId),
    );
    for (const { change, eventId } of ids) {
      const meeting = meetings.get(eventId);
      if (meeting === undefined) continue;
      const moved =
        !change.deleted &&
        change.start !== null &&
        (change.start !== meeting.start || change.end !== meeting.end);
      const outcome = await handleExternalCalendarChange(context, {
        connection,
        meeting: { eventId },
        change: change.deleted ? "DELETED" : moved ? "MOVED" : null,
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

/** The meetings among `eventIds` Slotted wrote into the calendar, with their times now. */
async function writtenMeetings(
  db: Db,
  calendarId: string,
  eventIds: string[],
): Promise<Map<string, { start: number; end: number }>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({ id: events.id, start: events.startAt, end: events.endAt })
    .from(calendarWrites)
    .innerJoin(events, eq(events.id, calendarWrites.eventId))
    .where(
      and(eq(calendarWrites.calendarId, calendarId), inArray(calendarWrites.eventId, eventIds)),
    );
  return new Map(
    rows.map((row) => [row.id, { start: row.start.getTime(), end: row.end.getTime() }]),
  );
}
