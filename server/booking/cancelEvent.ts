import { eq, sql } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import type { EventRow } from "../data/bookings";
import { type EventTypeWithHosts, findEventType } from "../data/eventTypes";
import type { Db, Tx } from "../db/database";
import { events } from "../db/schema";
import { releaseHostTime } from "./bookSlot";

/** What the cancel commands need besides their input. */
export interface CancelContext {
  db: Db;
  publicUrl: string;
  now: Date;
}

export interface CancelledBooking {
  event: EventRow;
  /** Whether the event itself was cancelled (not just one seat of a group event). */
  eventCancelled: boolean;
}

export const bookingNotFound = () => new DomainError("NOT_FOUND", message("booking.notFound"));
export const alreadyCancelled = () =>
  new DomainError("CONFLICT", message("booking.alreadyCancelled"));

/** Locks an event's row for a cancellation; throws NOT_FOUND, or CONFLICT when already cancelled. */
export async function lockLiveEvent(tx: Tx, eventId: string): Promise<EventRow> {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
  if (!event) throw bookingNotFound();
  if (event.status === "CANCELLED") throw alreadyCancelled();
  return event;
}

/** The event type of an event; NOT_FOUND when it is gone. */
export async function eventTypeOf(db: Db, event: EventRow): Promise<EventTypeWithHosts> {
  const type = await findEventType(db, event.eventTypeId);
  if (!type) throw bookingNotFound();
  return type;
}

/**
 * Cancels a locked event in the caller's transaction: its status, reason and a rising sequence
 * (for the calendar's CANCEL), and frees its hosts' time. Its reminders are the caller's change's
 * to drop.
 */
export async function cancelEvent(
  tx: Tx,
  event: EventRow,
  reason: string,
  now: Date,
): Promise<EventRow> {
  const [cancelled] = await tx
    .update(events)
    .set({
      status: "CANCELLED",
      cancellationReason: reason || null,
      cancelledAt: now,
      sequence: sql`${events.sequence} + 1`,
    })
    .where(eq(events.id, event.id))
    .returning();
  await releaseHostTime(tx, event.id);
  return cancelled!;
}
