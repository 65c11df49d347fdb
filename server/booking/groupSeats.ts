import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import type { EventRow } from "../data/bookings";
import type { Db, Tx } from "../db/database";
import { attendees, events } from "../db/schema";
import { slotTaken } from "./slotTaken";

/**
 * Locks a GROUP event's row (SELECT … FOR UPDATE) and checks `needed` seats are free at that
 * moment: racers for the last seat queue on the lock and each counts after the one before
 * committed, so exactly one gets it. Throws SLOT_NOT_AVAILABLE_ANYMORE when the event is gone,
 * cancelled or at another time, and (told as "fully booked") when it is full.
 */
export async function lockGroupSeat(
  tx: Tx,
  eventId: string,
  at: { start: Date; end: Date },
  seats: number,
  needed = 1,
): Promise<EventRow> {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
  if (
    !event ||
    event.status === "CANCELLED" ||
    event.startAt.getTime() !== at.start.getTime() ||
    event.endAt.getTime() !== at.end.getTime()
  ) {
    throw slotTaken();
  }
  if ((await confirmedSeats(tx, eq(events.id, eventId))) + needed > seats) {
    throw slotTaken({ full: true });
  }
  return event;
}

/** The seats taken (confirmed attendees) in the events that `which` picks. */
async function confirmedSeats(db: Db | Tx, which: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ taken: sql<number>`count(*)::int` })
    .from(attendees)
    .innerJoin(events, eq(events.id, attendees.eventId))
    .where(and(which, eq(attendees.status, "CONFIRMED")));
  return row?.taken ?? 0;
}

/** The active events of a GROUP event type at exactly this time. */
function groupEventsAt(eventTypeId: string, at: { start: Date; end: Date }) {
  return and(
    eq(events.eventTypeId, eventTypeId),
    eq(events.startAt, at.start),
    eq(events.endAt, at.end),
    ne(events.status, "CANCELLED"),
  );
}

/** The active event of a GROUP event type at exactly this time, if any (a racer's, just committed). */
export async function findGroupEventAt(
  tx: Tx,
  eventTypeId: string,
  at: { start: Date; end: Date },
): Promise<string | null> {
  const [row] = await tx
    .select({ id: events.id })
    .from(events)
    .where(groupEventsAt(eventTypeId, at))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Whether the GROUP meeting at this time has every seat taken: a refused booking of a group
 * time is then told "fully booked" rather than "not available anymore".
 */
export async function isGroupSlotFull(
  db: Db | Tx,
  eventTypeId: string,
  at: { start: Date; end: Date },
  seats: number,
): Promise<boolean> {
  return (await confirmedSeats(db, groupEventsAt(eventTypeId, at))) >= seats;
}
