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
import { refreshMicrosoftCalendar } from "./microsoftDelta";
import { type MicrosoftContext, MicrosoftTokenKeeper } from "./microsoftSource";

/** The Graph event id a written meeting's href (`/me/events/{id}`) names. */
function eventHref(id: string): string {
  return `/me/events/${encodeURIComponent(id)}`;
}

/**
 * Two-way for a Microsoft connection: the events that changed in its calendars since two-way
 * last looked (the `changed` ids of their delta state, microsoftDelta.ts; a calendar that is
 * not busy, so not read by the busy sync, is read here) are matched with the meetings Slotted
 * wrote there, and each one deleted (or cancelled) in Outlook or moved there goes to
 * handleExternalCalendarChange, as Google's do. A meeting missing from a full read counts as
 * deleted only inside the window read. The ids are let go only once handled, so a failure
 * reads them again next time (a change handled twice is a no-op). Throws CalendarSourceError
 * when Graph fails; nothing is concluded then.
 */
export async function syncMicrosoftChanges(
  context: MicrosoftContext & ExternalChangeContext,
  connection: typeof calendarConnections.$inferSelect,
  window: { from: number; to: number; zone: string },
): Promise<number> {
  const { db } = context;
  let handled = 0;
  for (const calendar of await twoWayCalendars(db, connection.id)) {
    let state = calendar.busy ? calendar.deltaState : null;
    if (state === null) {
      const fresh = await freshConnection(db, connection.id);
      if (fresh === undefined) return handled;
      state = await refreshMicrosoftCalendar(
        db,
        new MicrosoftTokenKeeper(context, fresh),
        { connectionId: connection.id, url: calendar.url },
        { ...window, zone: calendar.timeZone ?? window.zone },
      );
    }
    if (state.changed.length === 0) continue;
    const meetings = await writtenMeetings(db, calendar.id, "href", state.changed.map(eventHref));
    for (const id of state.changed) {
      const meeting = meetings.get(eventHref(id));
      if (meeting === undefined) continue;
      const entry = state.events[id];
      if (entry === undefined && !(meeting.start < state.to && meeting.end > state.from)) continue;
      const outcome = await handleExternalCalendarChange(context, {
        connection,
        meeting: { eventId: meeting.eventId },
        change: changeOfMeeting(meeting, {
          deleted: entry === undefined,
          start: entry?.[0] ?? null,
          end: entry?.[1] ?? null,
        }),
      });
      if (outcome === "marked" || outcome === "cancelled") handled++;
    }
    // Only the ids looked at go: a read meanwhile (another sync) may have added some.
    const seen = new Set(state.changed);
    const [now] = await db
      .select({ state: connectedCalendars.deltaState })
      .from(connectedCalendars)
      .where(eq(connectedCalendars.id, calendar.id));
    if (now?.state) {
      await db
        .update(connectedCalendars)
        .set({
          deltaState: { ...now.state, changed: now.state.changed.filter((c) => !seen.has(c)) },
        })
        .where(eq(connectedCalendars.id, calendar.id));
    }
  }
  return handled;
}
