import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { planBookingHosts } from "../../core/booking/planBookingHosts";
import type { BookingDetails } from "../../core/booking/validateBookingRequest";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { newSecret } from "../auth/secrets";
import { findBookableSlot } from "../availability/findBookableSlot";
import type { ResolvedEventType } from "../availability/resolvePublicEventType";
import { bookSlot, busyRange } from "../booking/bookSlot";
import { limitCheckFor } from "../booking/hostLimits";
import { DEFAULT_JITSI_BASE_URL, jitsiRoomUrl } from "../booking/jitsiRoom";
import { requestAnswerUrl } from "../booking/requestLinks";
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
import { bookingMails } from "../mail/bookingMails";
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
  /** A paid booking's payment, awaiting the invitee's card. */
  payment?: CheckoutPayment;
}

/**
 * Books a validated request on a resolved event type, atomically: the event (or a seat in the
 * GROUP event at that time), its hosts' busy time, the attendee with a random cancel token, the
 * single-use link's consumption and the confirmation mails. The start is re-checked against the
 * timetable here, never trusted; bookSlot takes the hosts' time (one statement in the common
 * case, a transaction for seats, FLEXI groups, single-use links and email codes), and the
 * exclusion constraint settles races. The event type's caps (daily, weekly, monthly, meeting
 * time) are counted again per host under the host's lock. Round robin tries its hosts in DESIGN's
 * order.
 * A paid event type's booking is PENDING_PAYMENT and sends no mail until paid: in the same
 * transaction as its held time, the gateway's payment is created (the booking's uuid as its
 * metadata and idempotency key) and recorded with the hold's end (`payments`); the gateway
 * failing rolls the booking back. A booking of a type that requires approval is
 * PENDING_APPROVAL: it holds its time like a confirmed one (the exclusion constraint), and
 * mails the invitee and hosts the request, no calendar invite.
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
  const slot = await findBookableSlot(db, target, start, details.duration, now, {
    timeZone: details.timeZone,
  });
  if (slot === null) throw slotTaken();
  // Only now: most requests for a taken slot end above, without this query.
  const hostUsers = await findHostUsers(db, slot.hostIds);

  const status: EventStatus =
    type.priceAmount !== null
      ? "PENDING_PAYMENT"
      : type.requiresApproval
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

  // A Jitsi location gets a room of its own for this booking.
  const location =
    details.location?.type === "JITSI"
      ? { type: "JITSI", value: jitsiRoomUrl(context.jitsiBaseUrl ?? DEFAULT_JITSI_BASE_URL) }
      : details.location;
  const newEvent = (id: string): EventRow => ({
    id,
    eventTypeId: type.id,
    status,
    startAt: start,
    endAt: end,
    title: type.title,
    location,
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
  const mails = (event: EventRow, hostIds: readonly string[], attendee: AttendeeRow) => {
    if (status === "PENDING_APPROVAL") return requestMails(event, hostsOf(hostIds), attendee);
    if (status !== "CONFIRMED") return [];
    const hosts = hostsOf(hostIds);
    return bookingMails(
      "bookingConfirmed",
      { event, eventType: type, hosts, publicUrl: context.publicUrl, now },
      { attendees: [attendee], hosts },
    );
  };
  // A request: the invitee is told it awaits approval, the hosts where to answer it; the
  // invitee's guests hear only of a confirmed meeting.
  const requestMails = (event: EventRow, hosts: HostUser[], attendee: AttendeeRow) =>
    bookingMails(
      "bookingRequested",
      { event, eventType: type, hosts, publicUrl: context.publicUrl, now },
      { attendees: [attendee], hosts },
    )
      .filter((mail) => mail.data.role !== "guest")
      .map((mail) =>
        mail.data.role === "host"
          ? {
              ...mail,
              data: {
                ...mail.data,
                actionUrl: requestAnswerUrl(context.publicUrl, context.secret, event.id),
              },
            }
          : mail,
      );
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
          if (singleUseLink !== null) {
            const used = await tx
              .update(singleUseLinks)
              .set({ usedAt: now, eventId: event.id })
              .where(and(eq(singleUseLinks.id, singleUseLink.id), isNull(singleUseLinks.usedAt)))
              .returning({ id: singleUseLinks.id });
            if (used.length === 0) {
              throw new DomainError("GONE", message("booking.singleUseUsed"));
            }
          }
          if (codeId !== null) await consumeEmailCode(tx, codeId, now);
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
    mails,
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
