import { and, eq } from "drizzle-orm";
import {
  bookingNotFound,
  type CancelContext,
  type CancelledBooking,
  cancelEvent,
  eventTypeOf,
  lockLiveEvent,
} from "../booking/cancelEvent";
import { loadSeries } from "../booking/seriesInvite";
import { type AttendeeRow, findEvent, findEventHosts } from "../data/bookings";
import { retryOnceOnConflict } from "../db/retryOnceOnConflict";
import { attendees } from "../db/schema";
import { bookingMails } from "../mail/bookingMails";
import { enqueueMails } from "../mail/outbox";
import { refundCancelled } from "../payments/cancelRefunds";
import { assertCanManageEvent } from "../policies/bookings";
import { announceBooking } from "../webhooks/announceBooking";

/**
 * A host cancels an event for everyone: the event, every attendee's booking, its busy time.
 * Mails every attendee, their guests and the hosts; paid bookings are refunded in full (through
 * the outbox). Throws NOT_FOUND (not theirs), CONFLICT.
 */
export async function eventCanceller(
  context: CancelContext,
  userId: string,
  eventId: string,
  reason: string,
): Promise<CancelledBooking> {
  const { db, now } = context;
  const event = await findEvent(db, eventId);
  if (!event) throw bookingNotFound();
  const type = await eventTypeOf(db, event);
  await assertCanManageEvent(db, userId, event.id, type);

  return retryOnceOnConflict(() =>
    db.transaction(async (tx) => {
      const locked = await lockLiveEvent(tx, event.id);
      const cancelled = await cancelEvent(tx, locked, reason, now);
      const dropped: AttendeeRow[] = await tx
        .update(attendees)
        .set({ status: "CANCELLED", cancellationReason: reason || null })
        .where(and(eq(attendees.eventId, event.id), eq(attendees.status, "CONFIRMED")))
        .returning();
      const payments = await refundCancelled(
        tx,
        dropped.map((a) => a.id),
        { policy: type, start: locked.startAt, by: "host" },
        now,
      );
      if (locked.status === "CONFIRMED" && dropped.length > 0) {
        const hosts = await findEventHosts(tx, event.id);
        // An occurrence of a series: the mails update the series' recurring invite (EXDATE).
        const series =
          locked.seriesId === null
            ? undefined
            : await loadSeries(tx, locked.seriesId, dropped[0]!.timeZone);
        await enqueueMails(
          tx,
          bookingMails(
            "bookingCancelled",
            {
              event: cancelled,
              eventType: type,
              hosts,
              publicUrl: context.publicUrl,
              now,
              reason,
              ...(series ? { series } : {}),
            },
            { attendees: dropped, hosts, hostsOnce: true, payments },
          ),
          now,
        );
        await announceBooking(tx, "booking.cancelled", event.id, now, {
          attendeeIds: dropped.map((a) => a.id),
        });
      }
      return { event: cancelled, eventCancelled: true };
    }),
  );
}
