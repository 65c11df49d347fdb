import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { emailDomain, needsApproval } from "../../core/booking/needsApproval";
import { type HostPlan, planBookingHosts } from "../../core/booking/planBookingHosts";
import { recurringStarts } from "../../core/booking/recurringStarts";
import type { BookingDetails } from "../../core/booking/validateBookingRequest";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { instantToLocal } from "../../core/time/instantToLocal";
import { newSecret } from "../auth/secrets";
import { findBookableSlot } from "../availability/findBookableSlot";
import type { ResolvedEventType } from "../availability/resolvePublicEventType";
import { bookSeries } from "../booking/bookSeries";
import { bookSlot, busyRange } from "../booking/bookSlot";
import { isGroupSlotFull } from "../booking/groupSeats";
import { limitCheckFor } from "../booking/hostLimits";
import { DEFAULT_JITSI_BASE_URL, jitsiRoomUrl } from "../booking/jitsiRoom";
import { slotTaken } from "../booking/slotTaken";
import {
  type AttendeeRow,
  type EventRow,
  findHostUsers,
  type HostUser,
  lastBookedAt,
} from "../data/bookings";
import type { Db, Tx } from "../db/database";
import { type EventStatus, payments, singleUseLinks } from "../db/schema";
import type { PaymentGateway } from "../payments/paymentGateway";
import { checkEmailCode, consumeEmailCode } from "../verification/emailCodes";

export interface BookingContext {
  db: Db;
  publicUrl: string;
  /** Keys the email codes' hashes. */
  secret: string;
  now: Date;
  /** The payment gateway and how long a paid booking holds its slot; null: paid types refused. */
  payments: PaymentsSetup | null;
  /** Where JITSI locations get their rooms (JITSI_BASE_URL); default the public server. */
  jitsiBaseUrl?: string;
}

export interface PaymentsSetup {
  gateway: PaymentGateway;
  holdMinutes: number;
}

/** What the invitee pays with: the gateway's payment, for the browser to confirm. */
export interface CheckoutPayment {
  gateway: "Stripe";
  paymentId: string;
  clientSecret: string;
  publishableKey: string;
  amount: number;
  currency: string;
  expiresAt: Date;
}

export interface CreatedBooking {
  event: EventRow;
  hosts: HostUser[];
  attendee: AttendeeRow;
  /** A recurring booking: every occurrence, the first being `event`. */
  series?: { id: string; occurrences: { event: EventRow; attendee: AttendeeRow }[] };
  /** A paid booking's payment, awaiting the invitee's card. */
  payment?: CheckoutPayment;
}

/**
 * Books a validated request on a resolved event type, atomically: the event (or a seat in the
 * GROUP event at that time), its hosts' busy time, the attendee with a random cancel token, the
 * single-use link's consumption and the booking's change row, from which the change worker
 * derives the confirmation mails, the reminders due later and the webhooks. The start is re-checked against the
 * timetable here, never trusted; bookSlot takes the hosts' time (one statement in the common
 * case, a transaction for seats, FLEXI groups, single-use links and email codes), and the
 * exclusion constraint settles races. The event type's caps (daily, weekly, monthly, meeting
 * time) are counted again per host under the host's lock. Round robin tries its hosts in DESIGN's
 * order.
 * A paid event type's booking is PENDING_PAYMENT and gets no mail until paid: in the same
 * transaction as its held time, the gateway's payment is created (the booking's uuid as its
 * metadata and idempotency key) and recorded with the hold's end (`payments`); the gateway
 * failing rolls the booking back. A booking of a type that requires approval (of everyone, of
 * free-mail invitees, or of invitees outside the hosts' domains: needsApproval) is
 * PENDING_APPROVAL: it holds its time like a confirmed one (the exclusion constraint), and
 * mails the invitee and hosts the request, no calendar invite.
 * With `details.occurrences` above one, the event type's weekly series is booked (bookSeries):
 * every occurrence keeps the first one's wall-clock time in the invitee's zone, is re-checked
 * like a single booking (the booking horizon applies to the first only) and the whole series is
 * written in one transaction or not at all; its 409 names the first occurrence that conflicts.
 * One confirmation goes to each recipient, with a recurring invite.
 * Throws SLOT_NOT_AVAILABLE_ANYMORE, VALIDATION (emailCode), NOT_FOUND for a used single-use link,
 * CONFLICT for a paid event type while payments are not configured, UNAVAILABLE (database busy).
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
  const paid = type.priceAmount !== null;
  if (paid && context.payments === null) {
    throw new DomainError("CONFLICT", message("booking.paymentsNotConfigured"));
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
  if (details.occurrences > 1) {
    return bookRecurring(context, target, details, codeId);
  }
  const slot = await findBookableSlot(db, target, start, details.duration, now, {
    timeZone: details.timeZone,
  });
  if (slot === null) {
    const full =
      type.kind === "GROUP" &&
      (await isGroupSlotFull(db, type.id, { start, end }, type.seats ?? 1));
    throw slotTaken({ full });
  }
  // Only now: most requests for a taken slot end above, without this query.
  const hostUsers = await findHostUsers(db, slot.hostIds);

  const hostDomains = target.hosts.map((host) => emailDomain(host.email));
  const status: EventStatus =
    type.priceAmount !== null
      ? "PENDING_PAYMENT"
      : needsApproval(type, details.email, hostDomains)
        ? "PENDING_APPROVAL"
        : "CONFIRMED";
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

  const location = bookedLocation(details, context);
  const newEvent = (id: string): EventRow =>
    newEventRow(type, { id, status, start, end, location, seriesId: null, now });
  const newAttendee = (eventId: string): AttendeeRow =>
    newAttendeeRow(details, eventId, newSecret(24), now);
  const hostsOf = (ids: readonly string[]) => hostsIn(hostUsers, ids);
  const singleUseLink = target.singleUseLink;
  let payment: CheckoutPayment | undefined;
  const takePayment = async (tx: Tx, event: EventRow, attendee: AttendeeRow) => {
    const { gateway, holdMinutes } = context.payments!;
    const amount = type.priceAmount!;
    const currency = type.priceCurrency ?? "USD";
    const created = await gateway.createPayment({
      bookingId: event.id,
      attendeeId: attendee.id,
      amount,
      currency,
      description: type.title,
      email: attendee.email,
    });
    const expiresAt = new Date(now.getTime() + holdMinutes * 60_000);
    await tx.insert(payments).values({
      gatewayId: created.id,
      eventId: event.id,
      attendeeId: attendee.id,
      eventTypeId: type.id,
      amount,
      currency,
      status: "PENDING",
      expiresAt,
      payerName: attendee.name,
      payerEmail: attendee.email,
      payerLanguage: attendee.language,
      createdAt: now,
      updatedAt: now,
    });
    payment = {
      gateway: gateway.name,
      paymentId: created.id,
      clientSecret: created.clientSecret ?? "",
      publishableKey: gateway.publishableKey,
      amount,
      currency,
      expiresAt,
    };
  };
  const alsoWrite =
    singleUseLink === null && codeId === null && !paid
      ? undefined
      : async (tx: Tx, event: EventRow, attendee: AttendeeRow) => {
          await useLinkAndCode(tx, { singleUseLink, codeId, now }, event.id);
          if (paid) await takePayment(tx, event, attendee);
        };

  const booked = await bookSlot(db, {
    take:
      plan === null
        ? {
            seat: {
              eventTypeId: type.id,
              seats: type.seats ?? 1,
              at: { start, end },
              eventId: slot.eventId,
              hostIds: slot.hostIds,
              during,
              newEvent: newEvent(randomUUID()),
            },
          }
        : { plan },
    during,
    now,
    newEvent: () => newEvent(randomUUID()),
    newAttendee,
    alsoWrite,
    limits: limitCheckFor(target, { start, end }),
  });
  return {
    event: booked.event,
    hosts: hostsOf(booked.hostIds),
    attendee: booked.attendee,
    ...(payment ? { payment } : {}),
  };
}

/** The booked location: a Jitsi location gets a room of its own for this booking. */
function bookedLocation(details: BookingDetails, context: BookingContext) {
  return details.location?.type === "JITSI"
    ? { type: "JITSI", value: jitsiRoomUrl(context.jitsiBaseUrl ?? DEFAULT_JITSI_BASE_URL) }
    : details.location;
}

/** A new booking's event row. */
function newEventRow(
  type: ResolvedEventType["eventType"],
  fields: {
    id: string;
    status: EventStatus;
    start: Date;
    end: Date;
    location: EventRow["location"];
    seriesId: string | null;
    now: Date;
  },
): EventRow {
  return {
    id: fields.id,
    eventTypeId: type.id,
    status: fields.status,
    startAt: fields.start,
    endAt: fields.end,
    title: type.title,
    location: fields.location,
    formerEventId: null,
    rescheduleReason: null,
    cancellationReason: null,
    cancelledAt: null,
    sequence: 0,
    seriesId: fields.seriesId,
    recurrenceStartAt: null,
    createdAt: fields.now,
  };
}

/** The invitee's attendee row in `eventId`, managed by `cancelToken`. */
function newAttendeeRow(
  details: BookingDetails,
  eventId: string,
  cancelToken: string,
  now: Date,
): AttendeeRow {
  return {
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
    cancelToken,
    cancellationReason: null,
    noShowAt: null,
    smsConsent: details.smsConsent ?? false,
    createdAt: now,
  };
}

/** The hosts among `hostUsers` with the given ids, in their order. */
function hostsIn(hostUsers: readonly HostUser[], ids: readonly string[]): HostUser[] {
  return ids.map((id) => hostUsers.find((h) => h.id === id)).filter((h) => h !== undefined);
}

/**
 * Uses up what the booking was made with, in its transaction: the single-use link (GONE when
 * another booking used it first) and the email code.
 */
async function useLinkAndCode(
  tx: Tx,
  used: {
    singleUseLink: ResolvedEventType["singleUseLink"];
    codeId: string | null;
    now: Date;
  },
  eventId: string,
): Promise<void> {
  if (used.singleUseLink !== null) {
    const taken = await tx
      .update(singleUseLinks)
      .set({ usedAt: used.now, eventId })
      .where(and(eq(singleUseLinks.id, used.singleUseLink.id), isNull(singleUseLinks.usedAt)))
      .returning({ id: singleUseLinks.id });
    if (taken.length === 0) throw new DomainError("GONE", message("booking.singleUseUsed"));
  }
  if (used.codeId !== null) await consumeEmailCode(tx, used.codeId, used.now);
}

/** The 409 of a series: which occurrence, as a date and time in the invitee's zone. */
function seriesConflict(start: number, timeZone: string): DomainError {
  const local = instantToLocal(timeZone, start);
  return new DomainError(
    "SLOT_NOT_AVAILABLE_ANYMORE",
    message("booking.seriesConflict", { date: `${local.date} ${local.time}` }),
  );
}

/** bookingCreator's series: every occurrence checked, then written whole (bookSeries). */
async function bookRecurring(
  context: BookingContext,
  target: ResolvedEventType,
  details: BookingDetails,
  codeId: string | null,
): Promise<CreatedBooking> {
  const { db, now } = context;
  const type = target.eventType;
  const recurrence = type.recurrence!;
  const starts = recurringStarts(
    details.start,
    details.timeZone,
    recurrence.everyWeeks,
    details.occurrences,
  );
  // The horizon says how far ahead a booking may start; a series the host offers runs past it.
  const later = { ...target, eventType: { ...type, maxDaysAhead: null } };
  const planned: { start: Date; end: Date; plan: HostPlan }[] = [];
  for (const [index, at] of starts.entries()) {
    const slot = await findBookableSlot(
      db,
      index === 0 ? target : later,
      at,
      details.duration,
      now,
      { timeZone: details.timeZone },
    );
    const plan =
      slot === null
        ? null
        : planBookingHosts(
            type.kind,
            slot.hostIds,
            type.hostGroups,
            await rankHosts(db, target, slot.hostIds),
          );
    if (plan === null) throw seriesConflict(at, details.timeZone);
    planned.push({ start: new Date(at), end: new Date(at + details.duration * 60_000), plan });
  }
  const hostUsers = await findHostUsers(db, [
    ...new Set(planned.flatMap((p) => [...p.plan.required, ...p.plan.choices.flat()])),
  ]);
  const hostsOf = (ids: readonly string[]) => hostsIn(hostUsers, ids);
  const seriesId = randomUUID();
  const location = bookedLocation(details, context);
  const singleUseLink = target.singleUseLink;
  // One secret for the series: the link in the one confirmation manages every occurrence.
  const cancelToken = newSecret(24);
  const booked = await bookSeries(db, {
    now,
    occurrences: planned.map(({ start, end, plan }) => ({
      event: newEventRow(type, {
        id: randomUUID(),
        status: "CONFIRMED",
        start,
        end,
        location,
        seriesId,
        now,
      }),
      plan,
      during: busyRange(start, end, type),
      limits: limitCheckFor(target, { start, end }),
    })),
    newAttendee: (eventId) => newAttendeeRow(details, eventId, cancelToken, now),
    alsoWrite:
      singleUseLink === null && codeId === null
        ? undefined
        : (tx, event) => useLinkAndCode(tx, { singleUseLink, codeId, now }, event.id),
    conflict: (index) => seriesConflict(starts[index]!, details.timeZone),
  });
  const first = booked[0]!;
  return {
    event: first.event,
    hosts: hostsOf(first.hostIds),
    attendee: first.attendee,
    series: {
      id: seriesId,
      occurrences: booked.map(({ event, attendee }) => ({ event, attendee })),
    },
  };
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
