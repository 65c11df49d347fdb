import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { planBookingHosts } from "../../core/booking/planBookingHosts";
import type { BookingDetails } from "../../core/booking/validateBookingRequest";
import { DomainError } from "../../core/errors";
import { newSecret } from "../auth/secrets";
import { findBookableSlot } from "../availability/findBookableSlot";
import type { ResolvedEventType } from "../availability/resolvePublicEventType";
import { findGroupEventAt, lockGroupSeat } from "../booking/groupSeats";
import { insertBookingAtOnce } from "../booking/insertBookingAtOnce";
import { slotTaken } from "../booking/slotTaken";
import { busyRange, takeHostTime } from "../booking/takeHostTime";
import {
  type AttendeeRow,
  type EventRow,
  findHostUsers,
  type HostUser,
  lastBookedAt,
} from "../data/bookings";
import type { Db, Tx } from "../db/database";
import { attendees, type EventStatus, events, singleUseLinks } from "../db/schema";
import { bookingMails } from "../mail/bookingMails";
import { enqueueMails } from "../mail/outbox";
import { sqlState } from "../plugins/errorHandler";
import { checkEmailCode, consumeEmailCode } from "../verification/emailCodes";

export interface BookingContext {
  db: Db;
  publicUrl: string;
  /** Keys the email codes' hashes. */
  secret: string;
  now: Date;
  /** Whether a payment gateway is set up; without one, paid event types cannot be booked. */
  paymentsConfigured: boolean;
}

export interface CreatedBooking {
  event: EventRow;
  hosts: HostUser[];
  attendee: AttendeeRow;
}

/**
 * Books a validated request on a resolved event type, atomically: the event (or a seat in the
 * GROUP event at that time), its hosts' busy time, the attendee with a random cancel token, the
 * single-use link's consumption and the confirmation mails. The start is re-checked against the
 * timetable here, never trusted; the exclusion constraint settles races. The common case is one
 * statement (insertBookingAtOnce; round robin tries its hosts in DESIGN's order, one statement
 * each, so a host who lost a race is skipped); seats, FLEXI groups, single-use links and email
 * codes take a transaction (with a savepoint per round-robin or FLEXI candidate).
 * A paid event type's booking is PENDING_PAYMENT and sends no mail until paid.
 * Throws SLOT_NOT_AVAILABLE_ANYMORE, VALIDATION (emailCode), NOT_FOUND for a used single-use link,
 * CONFLICT for a paid event type while payments are not configured.
 */
export async function bookingCreator(
  context: BookingContext,
  target: ResolvedEventType,
  details: BookingDetails,
  emailCode: string | undefined,
): Promise<CreatedBooking> {
  const { db, now } = context;
  const type = target.eventType;
  // A pending booking would hold its time for a payment no one can make.
  if (type.priceAmount !== null && !context.paymentsConfigured) {
    throw new DomainError(
      "CONFLICT",
      "This event type cannot be booked yet: payments are not set up.",
    );
  }
  const codeId = type.requiresEmailVerification
    ? await checkEmailCode(
        db,
        context.secret,
        { email: details.email, eventTypeId: type.id, code: emailCode },
        now,
      )
    : null;

  const start = new Date(details.start);
  const end = new Date(details.start + details.duration * 60_000);
  const slot = await findBookableSlot(db, target, start, details.duration, now, {
    timeZone: details.timeZone,
  });
  if (slot === null) throw slotTaken();
  // Only now: most requests for a taken slot end above, without this query.
  const hostUsers = await findHostUsers(db, slot.hostIds);

  const status: EventStatus = type.priceAmount !== null ? "PENDING_PAYMENT" : "CONFIRMED";
  const during = busyRange(start, end, type);
  const isGroup = type.kind === "GROUP";
  const plan = isGroup
    ? null
    : planBookingHosts(
        type.kind,
        slot.hostIds,
        type.hostGroups,
        await rankHosts(db, target, slot.hostIds),
      );
  if (!isGroup && plan === null) throw slotTaken();

  const newEvent = (id: string): EventRow => ({
    id,
    eventTypeId: type.id,
    status,
    startAt: start,
    endAt: end,
    title: type.title,
    location: details.location,
    formerEventId: null,
    rescheduleReason: null,
    cancellationReason: null,
    cancelledAt: null,
    sequence: 0,
    payment: null,
    createdAt: now,
  });
  const newAttendee = (eventId: string): AttendeeRow => ({
    id: randomUUID(),
    eventId,
    status: "CONFIRMED",
    name: details.name,
    firstName: details.firstName,
    lastName: details.lastName,
    salutation: details.salutation,
    email: details.email,
    phone: details.phone,
    guests: details.guests,
    answers: details.answers,
    language: details.language,
    timeZone: details.timeZone,
    cancelToken: newSecret(24),
    cancellationReason: null,
    createdAt: now,
  });
  const hostsOf = (ids: readonly string[]) =>
    ids.map((id) => hostUsers.find((h) => h.id === id)).filter((h) => h !== undefined);
  const mailsFor = (event: EventRow, hosts: HostUser[], attendee: AttendeeRow) =>
    status === "CONFIRMED"
      ? bookingMails(
          "bookingConfirmed",
          { event, eventType: type, hosts, publicUrl: context.publicUrl, now },
          { attendees: [attendee], hosts },
        )
      : [];

  // The common case is one statement: no seats to count, no link or code to use up, and hosts
  // tried one combination at a time (round robin: the next candidate after a lost race).
  if (plan !== null && target.singleUseLink === null && codeId === null && type.kind !== "FLEXI") {
    const combinations = plan.choices.length === 0 ? [[]] : plan.choices[0]!.map((id) => [id]);
    for (const chosen of combinations) {
      const event = newEvent(randomUUID());
      const attendee = newAttendee(event.id);
      const hosts = hostsOf([...plan.required, ...chosen]);
      try {
        const written = await insertBookingAtOnce(db, {
          event,
          hostIds: hosts.map((h) => h.id),
          during,
          attendee,
          mails: mailsFor(event, hosts, attendee),
        });
        if (written) return { event, hosts, attendee };
      } catch (error) {
        if (sqlState(error) !== "23P01") throw error;
      }
    }
    throw slotTaken();
  }

  /** Creates the GROUP event, or joins the one a racing first booker just created. */
  async function groupEvent(tx: Tx): Promise<{ event: EventRow; hostIds: string[] }> {
    const seats = type.seats ?? 1;
    const hostIds = slot!.hostIds;
    if (slot!.eventId === undefined) {
      try {
        const event = await tx.transaction(async (savepoint) => {
          const [created] = await savepoint
            .insert(events)
            .values(newEvent(randomUUID()))
            .returning();
          await takeHostTime(savepoint, created!.id, { required: hostIds, choices: [] }, during);
          return created!;
        });
        return { event, hostIds };
      } catch (error) {
        if (sqlState(error) !== "23P01") throw error;
      }
    }
    const eventId = slot!.eventId ?? (await findGroupEventAt(tx, type.id, { start, end }));
    if (eventId === null) throw slotTaken();
    const event = await lockGroupSeat(tx, eventId, { start, end }, seats);
    return { event, hostIds };
  }

  const result = await db.transaction(async (tx) => {
    let event: EventRow;
    let hostIds: string[];
    if (isGroup) {
      ({ event, hostIds } = await groupEvent(tx));
    } else {
      const [created] = await tx.insert(events).values(newEvent(randomUUID())).returning();
      event = created!;
      hostIds = await takeHostTime(tx, event.id, plan!, during);
    }
    if (target.singleUseLink !== null) {
      const used = await tx
        .update(singleUseLinks)
        .set({ usedAt: now, eventId: event.id })
        .where(and(eq(singleUseLinks.id, target.singleUseLink.id), isNull(singleUseLinks.usedAt)))
        .returning({ id: singleUseLinks.id });
      if (used.length === 0) {
        throw new DomainError("NOT_FOUND", "This single-use link has already been used.");
      }
    }
    if (codeId !== null) await consumeEmailCode(tx, codeId, now);
    const [attendee] = await tx.insert(attendees).values(newAttendee(event.id)).returning();
    const hosts = hostsOf(hostIds);
    await enqueueMails(tx, mailsFor(event, hosts, attendee!), now);
    return { event, hosts, attendee: attendee! };
  });
  return result;
}

/** Priority and last booking of the slot's free hosts, when there is a choice to rank. */
async function rankHosts(db: Db, target: ResolvedEventType, free: readonly string[]) {
  const kind = target.eventType.kind;
  const ranks = new Map<string, { priority: number; lastBookedAt: number | null }>();
  if ((kind !== "ROUND_ROBIN" && kind !== "FLEXI") || free.length < 2) return ranks;
  const last = await lastBookedAt(db, target.eventType.id, free);
  for (const host of target.hosts) {
    ranks.set(host.id, { priority: host.priority, lastBookedAt: last.get(host.id) ?? null });
  }
  return ranks;
}
