import type { HostPlan } from "../../core/booking/planBookingHosts";
import { DomainError } from "../../core/errors";
import type { AttendeeRow, EventRow } from "../data/bookings";
import type { Db, Tx } from "../db/database";
import { retryOnceOnConflict } from "../db/retryOnceOnConflict";
import { attendees, events } from "../db/schema";
import { sqlState } from "../db/sqlState";
import { recordChange } from "./bookingChange";
import type { BookedSlot } from "./bookSlot";
import { createdChange, takeHostTime } from "./bookSlot";
import type { LimitCheck } from "./hostLimits";

/** One occurrence of a series: its event row, the hosts it takes, their busy range and caps. */
export interface SeriesOccurrence {
  event: EventRow;
  plan: HostPlan;
  during: string;
  limits?: LimitCheck | undefined;
}

export interface SeriesBooking {
  occurrences: readonly SeriesOccurrence[];
  now: Date;
  newAttendee(eventId: string): AttendeeRow;
  /** Writes that commit with the series (a single-use link, an email code), given its first. */
  alsoWrite?: ((tx: Tx, event: EventRow, attendee: AttendeeRow) => Promise<void>) | undefined;
  /** The error naming the occurrence at `index` when its time or a cap is taken. */
  conflict(index: number): DomainError;
}

/**
 * Writes a weekly series whole or not at all, in one transaction: for each occurrence its event,
 * its hosts' busy time (takeHostTime: under each host's lock, caps counted with the occurrences
 * already written in this transaction) and its attendee, then the series' one change row
 * (created, naming every occurrence: one confirmation, each meeting's reminders and webhook). The exclusion
 * constraint still settles every race; the first occurrence that loses one rolls everything
 * back. Throws `conflict(index)` of that occurrence, UNAVAILABLE, and what alsoWrite throws.
 */
export async function bookSeries(db: Db, booking: SeriesBooking): Promise<BookedSlot[]> {
  return retryOnceOnConflict(() =>
    db.transaction(async (tx) => {
      const booked: BookedSlot[] = [];
      for (const [index, occurrence] of booking.occurrences.entries()) {
        const [event] = await tx.insert(events).values(occurrence.event).returning();
        let hostIds: string[];
        try {
          hostIds = await takeHostTime(
            tx,
            event!.id,
            occurrence.plan,
            occurrence.during,
            occurrence.limits,
          );
        } catch (error) {
          const taken =
            sqlState(error) === "23P01" ||
            (error instanceof DomainError && error.code === "SLOT_NOT_AVAILABLE_ANYMORE");
          if (taken) throw booking.conflict(index);
          throw error;
        }
        const [attendee] = await tx
          .insert(attendees)
          .values(booking.newAttendee(event!.id))
          .returning();
        booked.push({ event: event!, hostIds, attendee: attendee! });
      }
      const first = booked[0]!;
      await booking.alsoWrite?.(tx, first.event, first.attendee);
      await recordChange(
        tx,
        {
          kind: "created",
          eventId: first.event.id,
          attendeeId: first.attendee.id,
          actor: "invitee",
          data: {
            ...createdChange(first.event, first.hostIds),
            seriesId: first.event.seriesId,
            occurrences: booked.map(({ event, attendee, hostIds }) => ({
              eventId: event.id,
              attendeeId: attendee.id,
              hostIds,
            })),
          },
        },
        booking.now,
      );
      return booked;
    }),
  );
}
