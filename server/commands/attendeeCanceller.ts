import { eq } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { type CancelledData, recordChange } from "../booking/bookingChange";
import {
  alreadyCancelled,
  bookingNotFound,
  type CancelContext,
  type CancelledBooking,
  cancelEvent,
  eventTypeOf,
  lockLiveEvent,
} from "../booking/cancelEvent";
import { findAttendee, findAttendees, findEvent } from "../data/bookings";
import { retryOnceOnConflict } from "../db/retryOnceOnConflict";
import { attendees } from "../db/schema";
import { assertAttendeeToken, assertInviteeMayChange } from "../policies/bookings";

/**
 * An invitee cancels their booking with the secret token of their link. In a GROUP event with
 * other attendees left, only their seat goes (the seat frees, the event goes on); otherwise the
 * event is cancelled and its time freed; its change (cancelled, by the invitee) mails the invitee,
 * their guests and the hosts, and refunds a paid booking by the event type's refund policy. The event type may forbid invitees to cancel online, or within a notice
 * before the start.
 * Throws NOT_FOUND, FORBIDDEN (wrong token), CONFLICT (already cancelled, already begun, not
 * allowed or too late under the event type's cancellation settings).
 */
export async function attendeeCanceller(
  context: CancelContext,
  attendeeId: string,
  token: string | undefined,
  reason: string,
): Promise<CancelledBooking> {
  const { db, now } = context;
  const attendee = await findAttendee(db, attendeeId);
  if (!attendee) throw bookingNotFound();
  assertAttendeeToken(attendee, token);
  const event = await findEvent(db, attendee.eventId);
  if (!event) throw bookingNotFound();
  const type = await eventTypeOf(db, event);

  return retryOnceOnConflict(() =>
    db.transaction(async (tx) => {
      const locked = await lockLiveEvent(tx, event.id);
      const current = await findAttendee(tx, attendeeId);
      if (!current || current.status === "CANCELLED") throw alreadyCancelled();
      if (locked.startAt.getTime() <= now.getTime()) {
        throw new DomainError("CONFLICT", message("booking.alreadyStarted"));
      }
      assertInviteeMayChange(type, "cancel", locked.startAt, now);
      await tx
        .update(attendees)
        .set({ status: "CANCELLED", cancellationReason: reason || null })
        .where(eq(attendees.id, attendeeId));
      const others = type.kind === "GROUP" ? await findAttendees(tx, event.id) : [];
      const seatOnly = others.length > 0;
      const after = seatOnly ? locked : await cancelEvent(tx, locked, reason, now);
      await recordChange(
        tx,
        {
          kind: "cancelled",
          eventId: event.id,
          attendeeId,
          actor: "invitee",
          before: { status: locked.status, startAt: locked.startAt.toISOString() },
          data: {
            reason,
            scope: seatOnly ? "seat" : "event",
            attendeeIds: [attendeeId],
            eventIds: [event.id],
            refundBy: "invitee",
          } satisfies CancelledData,
        },
        now,
      );
      return { event: after, eventCancelled: !seatOnly };
    }),
  );
}
