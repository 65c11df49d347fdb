import { and, eq, sql } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { assertAttendeeToken, assertEventManager } from "../booking/eventAccess";
import { releaseHostTime } from "../booking/takeHostTime";
import {
  type AttendeeRow,
  type EventRow,
  findAttendee,
  findAttendees,
  findEvent,
  findEventHosts,
} from "../data/bookings";
import { type EventTypeWithHosts, findEventType } from "../data/eventTypes";
import type { Db, Tx } from "../db/database";
import { attendees, events } from "../db/schema";
import { bookingMails } from "../mail/bookingMails";
import { enqueueMails } from "../mail/outbox";

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

const notFound = () => new DomainError("NOT_FOUND", "Booking not found.");
const alreadyCancelled = () => new DomainError("CONFLICT", "This booking is already cancelled.");

async function lockEvent(tx: Tx, eventId: string): Promise<EventRow> {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
  if (!event) throw notFound();
  if (event.status === "CANCELLED") throw alreadyCancelled();
  return event;
}

async function cancelEvent(tx: Tx, event: EventRow, reason: string, now: Date): Promise<EventRow> {
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

async function eventTypeOf(db: Db, event: EventRow): Promise<EventTypeWithHosts> {
  const type = await findEventType(db, event.eventTypeId);
  if (!type) throw notFound();
  return type;
}

/**
 * An invitee cancels their booking with the secret token of their link. In a GROUP event with
 * other attendees left, only their seat goes (the seat frees, the event goes on); otherwise the
 * event is cancelled and its time freed. Mails the invitee, their guests and the hosts.
 * Throws NOT_FOUND, FORBIDDEN (wrong token), CONFLICT (already cancelled or already begun).
 */
export async function attendeeCanceller(
  context: CancelContext,
  attendeeId: string,
  token: string | undefined,
  reason: string,
): Promise<CancelledBooking> {
  const { db, now } = context;
  const attendee = await findAttendee(db, attendeeId);
  if (!attendee) throw notFound();
  assertAttendeeToken(attendee, token);
  const event = await findEvent(db, attendee.eventId);
  if (!event) throw notFound();
  const type = await eventTypeOf(db, event);

  return db.transaction(async (tx) => {
    const locked = await lockEvent(tx, event.id);
    const current = await findAttendee(tx, attendeeId);
    if (!current || current.status === "CANCELLED") throw alreadyCancelled();
    if (locked.startAt.getTime() <= now.getTime()) {
      throw new DomainError("CONFLICT", "This meeting has already started.");
    }
    const [cancelledAttendee] = await tx
      .update(attendees)
      .set({ status: "CANCELLED", cancellationReason: reason || null })
      .where(eq(attendees.id, attendeeId))
      .returning();
    const others = type.kind === "GROUP" ? await findAttendees(tx, event.id) : [];
    const seatOnly = others.length > 0;
    const after = seatOnly ? locked : await cancelEvent(tx, locked, reason, now);
    if (locked.status === "CONFIRMED") {
      const hosts = await findEventHosts(tx, event.id);
      const mailEvent = seatOnly ? { ...after, sequence: after.sequence + 1 } : after;
      await enqueueMails(
        tx,
        bookingMails(
          "bookingCancelled",
          { event: mailEvent, eventType: type, hosts, publicUrl: context.publicUrl, now, reason },
          { attendees: [cancelledAttendee!], hosts, seatOnly },
        ),
        now,
      );
    }
    return { event: after, eventCancelled: !seatOnly };
  });
}

/**
 * A host cancels an event for everyone: the event, every attendee's booking, its busy time.
 * Mails every attendee, their guests and the hosts. Throws NOT_FOUND (not theirs), CONFLICT.
 */
export async function eventCanceller(
  context: CancelContext,
  userId: string,
  eventId: string,
  reason: string,
): Promise<CancelledBooking> {
  const { db, now } = context;
  const event = await findEvent(db, eventId);
  if (!event) throw notFound();
  const type = await eventTypeOf(db, event);
  await assertEventManager(db, userId, event.id, type);

  return db.transaction(async (tx) => {
    const locked = await lockEvent(tx, event.id);
    const cancelled = await cancelEvent(tx, locked, reason, now);
    const dropped: AttendeeRow[] = await tx
      .update(attendees)
      .set({ status: "CANCELLED", cancellationReason: reason || null })
      .where(and(eq(attendees.eventId, event.id), eq(attendees.status, "CONFIRMED")))
      .returning();
    if (locked.status === "CONFIRMED" && dropped.length > 0) {
      const hosts = await findEventHosts(tx, event.id);
      await enqueueMails(
        tx,
        bookingMails(
          "bookingCancelled",
          { event: cancelled, eventType: type, hosts, publicUrl: context.publicUrl, now, reason },
          { attendees: dropped, hosts, hostsOnce: true },
        ),
        now,
      );
    }
    return { event: cancelled, eventCancelled: true };
  });
}
