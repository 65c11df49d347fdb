import { eq } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import {
  alreadyCancelled,
  bookingNotFound,
  type CancelContext,
  type CancelledBooking,
  cancelEvent,
  eventTypeOf,
  lockLiveEvent,
} from "../booking/cancelEvent";
import { loadSeries } from "../booking/seriesInvite";
import { findAttendee, findAttendees, findEvent, findEventHosts } from "../data/bookings";
import { retryOnceOnConflict } from "../db/retryOnceOnConflict";
import { attendees } from "../db/schema";
import { bookingMails } from "../mail/bookingMails";
import { enqueueMails } from "../mail/outbox";
import { dropScheduledMails } from "../mail/scheduledMails";
import { refundCancelled } from "../payments/cancelRefunds";
import { assertAttendeeToken, assertInviteeMayChange } from "../policies/bookings";
import { announceBooking } from "../webhooks/announceBooking";

/**
 * An invitee cancels their booking with the secret token of their link. In a GROUP event with
 * other attendees left, only their seat goes (the seat frees, the event goes on); otherwise the
 * event is cancelled and its time freed. Mails the invitee, their guests and the hosts. A paid
 * booking is refunded by the event type's refund policy (through the outbox), and the mails
 * say what was. The event type may forbid invitees to cancel online, or within a notice
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
      const [cancelledAttendee] = await tx
        .update(attendees)
        .set({ status: "CANCELLED", cancellationReason: reason || null })
        .where(eq(attendees.id, attendeeId))
        .returning();
      await dropScheduledMails(tx, { attendeeId });
      const others = type.kind === "GROUP" ? await findAttendees(tx, event.id) : [];
      const seatOnly = others.length > 0;
      const after = seatOnly ? locked : await cancelEvent(tx, locked, reason, now);
      const payments = await refundCancelled(
        tx,
        [attendeeId],
        { policy: type, start: locked.startAt, by: "invitee" },
        now,
      );
      if (locked.status === "CONFIRMED") {
        const hosts = await findEventHosts(tx, event.id);
        const mailEvent = seatOnly ? { ...after, sequence: after.sequence + 1 } : after;
        // An occurrence of a series: the mails update the series' recurring invite (EXDATE).
        const series =
          locked.seriesId === null
            ? undefined
            : await loadSeries(tx, locked.seriesId, cancelledAttendee!.timeZone);
        await enqueueMails(
          tx,
          bookingMails(
            "bookingCancelled",
            {
              event: mailEvent,
              eventType: type,
              hosts,
              publicUrl: context.publicUrl,
              now,
              reason,
              ...(series ? { series } : {}),
            },
            { attendees: [cancelledAttendee!], hosts, seatOnly, payments },
          ),
          now,
        );
        await announceBooking(tx, "booking.cancelled", event.id, now, {
          attendeeIds: [attendeeId],
        });
      }
      return { event: after, eventCancelled: !seatOnly };
    }),
  );
}
