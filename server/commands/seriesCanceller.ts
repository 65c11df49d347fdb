import { and, asc, eq, gte, inArray, ne } from "drizzle-orm";
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
} from "../booking/cancelEvent";
import { type AttendeeRow, type EventRow, findAttendee, findEvent } from "../data/bookings";
import { retryOnceOnConflict } from "../db/retryOnceOnConflict";
import { attendees, events } from "../db/schema";
import {
  assertAttendeeToken,
  assertCanManageEvent,
  assertInviteeMayChange,
} from "../policies/bookings";

/** Who cancels the rest of a series: its invitee by the token of one occurrence, or a host. */
export type SeriesCancelActor =
  | { kind: "attendee"; attendeeId: string; token: string | undefined }
  | { kind: "host"; userId: string; eventId: string };

/**
 * Cancels an occurrence of a weekly series and every later one still booked, in one
 * transaction: each event, its attendee and its hosts' time, and one change. Its one mail per
 * recipient updates the series' recurring invite (EXDATE for each cancelled occurrence), or cancels it when none is
 * left. The invitee's cancellation notice is counted from the first occurrence cancelled; a host
 * may always cancel. Returns the first occurrence cancelled.
 * Throws NOT_FOUND (unknown, or not the host's), FORBIDDEN (wrong token), CONFLICT (not part of
 * a series, already cancelled, already begun, not allowed or too late for the invitee).
 */
export async function seriesCanceller(
  context: CancelContext,
  actor: SeriesCancelActor,
  reason: string,
): Promise<CancelledBooking> {
  const { db, now } = context;
  let eventId: string;
  if (actor.kind === "attendee") {
    const attendee = await findAttendee(db, actor.attendeeId);
    if (!attendee) throw bookingNotFound();
    assertAttendeeToken(attendee, actor.token);
    eventId = attendee.eventId;
  } else {
    eventId = actor.eventId;
  }
  const event = await findEvent(db, eventId);
  if (!event) throw bookingNotFound();
  const type = await eventTypeOf(db, event);
  if (actor.kind === "host") await assertCanManageEvent(db, actor.userId, event.id, type);
  const seriesId = event.seriesId;
  if (seriesId === null) throw new DomainError("CONFLICT", message("booking.notInSeries"));

  return retryOnceOnConflict(() =>
    db.transaction(async (tx) => {
      const rest: EventRow[] = await tx
        .select()
        .from(events)
        .where(
          and(
            eq(events.seriesId, seriesId),
            gte(events.startAt, event.startAt),
            ne(events.status, "CANCELLED"),
          ),
        )
        .orderBy(asc(events.startAt))
        .for("update");
      const first = rest[0];
      if (first === undefined || first.id !== event.id) throw alreadyCancelled();
      if (first.startAt.getTime() <= now.getTime()) {
        throw new DomainError("CONFLICT", message("booking.alreadyStarted"));
      }
      if (actor.kind === "attendee") assertInviteeMayChange(type, "cancel", first.startAt, now);
      const cancelled: EventRow[] = [];
      for (const occurrence of rest) cancelled.push(await cancelEvent(tx, occurrence, reason, now));
      const dropped: AttendeeRow[] = await tx
        .update(attendees)
        .set({ status: "CANCELLED", cancellationReason: reason || null })
        .where(
          and(
            inArray(
              attendees.eventId,
              rest.map((o) => o.id),
            ),
            eq(attendees.status, "CONFIRMED"),
          ),
        )
        .returning();
      await recordChange(
        tx,
        {
          kind: "cancelled",
          eventId: first.id,
          actor: actor.kind === "host" ? actor.userId : "invitee",
          before: { status: first.status, startAt: first.startAt.toISOString() },
          data: {
            reason,
            scope: "series",
            attendeeIds: dropped.map((a) => a.id),
            eventIds: rest.map((o) => o.id),
          } satisfies CancelledData,
        },
        now,
      );
      return { event: cancelled[0]!, eventCancelled: true };
    }),
  );
}
