import { and, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "../db/database";
import {
  type CalendarExternalChange,
  type calendarConnections,
  calendarWrites,
  connectedCalendars,
  events,
} from "../db/schema";

/** Cancels a booking as its host (commands/calendarDeletionCanceller.ts). */
export type CalendarBookingCanceller = (input: {
  userId: string;
  eventId: string;
  now: Date;
}) => Promise<void>;

export interface ExternalChangeContext {
  db: Db;
  now: Date;
  /** Cancels a booking deleted in a calendar whose connection says so; absent: marked only. */
  cancelBooking?: CalendarBookingCanceller | undefined;
  log?: { warn(obj: object, msg: string): void };
}

/** What became of a change the host made in their calendar. */
export type ExternalChangeOutcome = "marked" | "cancelled" | "cleared" | "unchanged" | "ignored";

/**
 * Two-way, for any provider: the host deleted (`DELETED`) or moved (`MOVED`) the event of a
 * booked meeting in their calendar, or moved it back (`null`), as a sync read it from the
 * provider (never concluded from a failure to read). The meeting's calendar_writes row is marked,
 * which the dashboard shows ("removed from your calendar" / "moved in your calendar"); a
 * deletion on a connection whose host turned on "cancel bookings I delete from my calendar"
 * cancels the booking as the host would (eventCanceller: the invitee is mailed, refunded by the
 * policy, the change events fire). The mark is set by one conditional update, so two processes
 * that read the same change act on it once: only the one whose update changed the row goes on.
 */
export async function handleExternalCalendarChange(
  context: ExternalChangeContext,
  input: {
    connection: Pick<typeof calendarConnections.$inferSelect, "id" | "userId" | "cancelOnDelete">;
    meeting: { eventId: string };
    change: CalendarExternalChange | null;
  },
): Promise<ExternalChangeOutcome> {
  const { db, now } = context;
  const { connection, meeting, change } = input;
  const [written] = await db
    .select({ status: events.status })
    .from(calendarWrites)
    .innerJoin(connectedCalendars, eq(connectedCalendars.id, calendarWrites.calendarId))
    .innerJoin(events, eq(events.id, calendarWrites.eventId))
    .where(
      and(
        eq(calendarWrites.eventId, meeting.eventId),
        eq(calendarWrites.userId, connection.userId),
        eq(connectedCalendars.connectionId, connection.id),
      ),
    );
  // Not written by Slotted into this connection, or no longer a live booking (Slotted's own
  // cancellation removed it): nothing to tell.
  if (written === undefined || written.status !== "CONFIRMED") return "ignored";
  const marked = await db
    .update(calendarWrites)
    .set({ externalChange: change, externalChangeAt: change === null ? null : now })
    .where(
      and(
        eq(calendarWrites.eventId, meeting.eventId),
        eq(calendarWrites.userId, connection.userId),
        change === null
          ? eq(calendarWrites.externalChange, "MOVED")
          : or(isNull(calendarWrites.externalChange), ne(calendarWrites.externalChange, change)),
      ),
    )
    .returning({ eventId: calendarWrites.eventId });
  if (marked.length === 0) return "unchanged";
  if (change === null) return "cleared";
  if (change !== "DELETED" || !connection.cancelOnDelete || !context.cancelBooking) return "marked";
  try {
    await context.cancelBooking({ userId: connection.userId, eventId: meeting.eventId, now });
    return "cancelled";
  } catch (error) {
    // Cancelled meanwhile, or no longer the host's to cancel: the mark stays for the dashboard.
    context.log?.warn({ eventId: meeting.eventId, err: error }, "calendar deletion not cancelled");
    return "marked";
  }
}

/**
 * The calendars of a connection two-way reads: those Slotted writes into or wrote into (a
 * booked meeting's event can only be deleted or moved there).
 */
export function twoWayCalendars(db: Db, connectionId: string) {
  return db
    .select()
    .from(connectedCalendars)
    .where(
      and(
        eq(connectedCalendars.connectionId, connectionId),
        or(
          eq(connectedCalendars.writeTarget, true),
          sql`exists (select 1 from calendar_writes w where w.calendar_id = ${connectedCalendars.id})`,
        ),
      ),
    );
}

/** A meeting Slotted wrote into a calendar, with its times now (epoch ms). */
export interface WrittenMeeting {
  eventId: string;
  href: string;
  start: number;
  end: number;
}

/**
 * The meetings Slotted wrote into the calendar among those named (by meeting id or by where the
 * event lives at the provider), keyed by that name.
 */
export async function writtenMeetings(
  db: Db,
  calendarId: string,
  by: "eventId" | "href",
  keys: string[],
): Promise<Map<string, WrittenMeeting>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({
      eventId: events.id,
      href: calendarWrites.href,
      start: events.startAt,
      end: events.endAt,
    })
    .from(calendarWrites)
    .innerJoin(events, eq(events.id, calendarWrites.eventId))
    .where(and(eq(calendarWrites.calendarId, calendarId), inArray(calendarWrites[by], keys)));
  return new Map(
    rows.map((row) => [row[by], { ...row, start: row.start.getTime(), end: row.end.getTime() }]),
  );
}

/**
 * What the provider's event says of a written meeting: gone (`DELETED`), at another time
 * (`MOVED`), or as written (null; an all-day or timeless event is taken as unmoved).
 */
export function changeOfMeeting(
  meeting: WrittenMeeting,
  seen: { deleted: boolean; start: number | null; end: number | null },
): CalendarExternalChange | null {
  if (seen.deleted) return "DELETED";
  const moved = seen.start !== null && (seen.start !== meeting.start || seen.end !== meeting.end);
  return moved ? "MOVED" : null;
}
