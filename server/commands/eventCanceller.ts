import { and, eq } from "drizzle-orm";
import { type CancelledData, recordChange } from "../booking/bookingChange";
import {
  bookingNotFound,
  type CancelContext,
  type CancelledBooking,
  cancelEvent,
  eventTypeOf,
  lockLiveEvent,
} from "../booking/cancelEvent";
import { type AttendeeRow, findEvent } from "../data/bookings";
import { retryOnceOnConflict } from "../db/retryOnceOnConflict";
import { attendees } from "../db/schema";
import { assertCanManageEvent } from "../policies/bookings";

/**
 * A host cancels an event for everyone: the event, every attendee's booking, its busy time.
 * Its change (cancelled, by the host) mails every attendee, their guests and the hosts, and
 * refunds paid bookings in full. Throws NOT_FOUND (not theirs), CONFLICT.
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
      await recordChange(
        tx,
        {
          kind: "cancelled",
          eventId: event.id,
          actor: userId,
          before: { status: locked.status, startAt: locked.startAt.toISOString() },
          data: {
            reason,
            scope: "event",
            attendeeIds: dropped.map((a) => a.id),
            eventIds: [event.id],
            refundBy: "host",
          } satisfies CancelledData,
        },
        now,
      );
      return { event: cancelled, eventCancelled: true };
    }),
  );
}
