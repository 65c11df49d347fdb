import { eq } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { MINUTE_MS } from "../../core/time/durations";
import { type AttendeeRow, type EventRow, findEvent, type HostUser } from "../data/bookings";
import type { EventTypeWithHosts } from "../data/eventTypes";
import type { Db, Tx } from "../db/database";
import { events } from "../db/schema";
import { bookingMails } from "../mail/bookingMails";
import type { BookingMailPayload, MailSeries } from "../mail/mailTypes";

// What moving a booked event takes, shared by bookingRescheduler and roundRobinReassigner.

export interface RescheduleContext {
  db: Db;
  publicUrl: string;
  now: Date;
}

export interface RescheduledBooking {
  event: EventRow;
  hosts: HostUser[];
}

export const changedMeanwhile = () =>
  new DomainError("CONFLICT", message("booking.changedMeanwhile"));

/** The booked event a move starts from, read again (it may have gone since it was resolved). */
export async function findMovingEvent(db: Db, eventId: string): Promise<EventRow> {
  const event = await findEvent(db, eventId);
  if (!event) throw new DomainError("NOT_FOUND", message("booking.eventNotFound"));
  return event;
}

/** The duration the booking keeps: its own when still offered, else the event type's default. */
export function keptDuration(event: EventRow, type: EventTypeWithHosts): number {
  const minutes = Math.round((event.endAt.getTime() - event.startAt.getTime()) / MINUTE_MS);
  const offered = type.durations.length > 0 ? type.durations : [type.duration];
  return offered.includes(minutes) ? minutes : type.duration;
}

/**
 * Locks a booked event's row for a move; throws NOT_FOUND when it was cancelled, CONFLICT when it
 * moved since `event` was read.
 */
export async function lockMovingEvent(tx: Tx, event: EventRow): Promise<EventRow> {
  const [locked] = await tx.select().from(events).where(eq(events.id, event.id)).for("update");
  if (!locked || locked.status === "CANCELLED") {
    throw new DomainError("NOT_FOUND", message("booking.eventCancelled"));
  }
  if (locked.startAt.getTime() !== event.startAt.getTime()) throw changedMeanwhile();
  return locked;
}

/**
 * The mails of a move: rescheduled for who stays, cancelled for hosts who leave, confirmed for
 * new hosts. `series`: the moved event is an occurrence; who stays gets the series' invite.
 */
export function moveMails(
  context: Pick<RescheduleContext, "publicUrl" | "now">,
  type: EventTypeWithHosts,
  moved: EventRow,
  former: EventRow,
  people: { attendees: AttendeeRow[]; before: HostUser[]; after: HostUser[] },
  reason: string,
  replacesUid: string | null,
  series?: MailSeries,
): BookingMailPayload[] {
  const { publicUrl, now } = context;
  const formerTime = { formerStartAt: former.startAt, formerEndAt: former.endAt };
  const stay = people.after.filter((h) => people.before.some((b) => b.id === h.id));
  const join = people.after.filter((h) => !people.before.some((b) => b.id === h.id));
  const leave = people.before.filter((h) => !people.after.some((a) => a.id === h.id));
  const hostsOnce = people.attendees.length > 1;
  const mailEvent = { ...moved, ...formerTime };
  const mails = [
    ...bookingMails(
      "bookingRescheduled",
      {
        event: mailEvent,
        eventType: type,
        hosts: people.after,
        publicUrl,
        now,
        reason,
        ...(series ? { series } : {}),
      },
      { attendees: people.attendees, hosts: stay, hostsOnce },
    ),
    ...bookingMails(
      "bookingConfirmed",
      { event: moved, eventType: type, hosts: people.after, publicUrl, now },
      { attendees: people.attendees.slice(0, 1), hosts: join },
    ).filter((mail) => mail.data.role === "host"),
    ...bookingMails(
      "bookingCancelled",
      {
        event: { ...former, sequence: moved.sequence },
        eventType: type,
        hosts: people.before,
        publicUrl,
        now,
        reason,
      },
      { attendees: people.attendees.slice(0, 1), hosts: leave },
    ).filter((mail) => mail.data.role === "host"),
  ];
  if (replacesUid !== null) {
    for (const mail of mails) {
      if (mail.data.role !== "host") {
        mail.data.replacesUid = replacesUid;
        mail.data.replacesSequence = former.sequence + 1;
      }
    }
  }
  return mails;
}
