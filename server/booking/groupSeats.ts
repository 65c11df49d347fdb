import { and, eq, ne, sql } from "drizzle-orm";
import type { EventRow } from "../data/bookings";
import type { Tx } from "../db/database";
import { attendees, events } from "../db/schema";
import { slotTaken } from "./slotTaken";

/**
 * Locks a GROUP event's row (SELECT … FOR UPDATE) and checks `needed` seats are free at that
 * moment: racers for the last seat queue on the lock and each counts after the one before
 * committed, so exactly one gets it. Throws SLOT_NOT_AVAILABLE_ANYMORE when the event is gone,
 * cancelled, at another time, or full.
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
  const [row] = await tx
    .select({ taken: sql<number>`count(*)::int` })
    .from(attendees)
    .where(and(eq(attendees.eventId, eventId), eq(attendees.status, "CONFIRMED")));
  if ((row?.taken ?? 0) + needed > seats) throw slotTaken();
  return event;
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
    .where(
      and(
        eq(events.eventTypeId, eventTypeId),
        eq(events.startAt, at.start),
        eq(events.endAt, at.end),
        ne(events.status, "CANCELLED"),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}
