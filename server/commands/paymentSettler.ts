import { and, eq, ne } from "drizzle-orm";
import { type PaidData, type RefundedData, recordChange } from "../booking/bookingChange";
import { busyRange } from "../booking/bookSlot";
import type { AttendeeRow, EventRow } from "../data/bookings";
import { findEventType } from "../data/eventTypes";
import type { PaymentRow } from "../data/payments";
import type { Db, Tx } from "../db/database";
import {
  attendees,
  eventHosts,
  events,
  hostBusy,
  type PaymentStatus,
  paymentNotifications,
  payments,
} from "../db/schema";
import { sqlState } from "../db/sqlState";
import type { GatewayPayment } from "../payments/paymentGateway";
import type { PaymentOutcome } from "../payments/paymentOutcome";

/** What settling did: the booking confirmed, released, refunded, or nothing (already done). */
export type Settled = "confirmed" | "released" | "refunded" | "unchanged" | "duplicate" | "unknown";

export interface SettleContext {
  db: Db;
  publicUrl: string;
  /** The server's secret, which signs the answer links of a paid booking request. */
  secret: string;
  now: Date;
}

/**
 * Makes a booking follow its payment, the one code path for the gateway's webhooks, the
 * invitee's return from Stripe.js and the expired-hold sweeper, in one transaction with the
 * payment's row locked: a success confirms the booking and queues its confirmation mails (with
 * the amount paid), or, when its type requires approval, makes it a request for the host to
 * answer (a decline or expiry refunds it in full); a failure, cancellation or expiry releases the held slot (no mail: the
 * booking was never confirmed). A success after the hold was released takes the slot back when
 * it is still free, else refunds in full and tells the payer. A notification id is recorded, so
 * a replayed webhook changes nothing; states only move forward, so one out of order neither.
 */
export async function paymentSettler(
  context: SettleContext,
  payment: Pick<GatewayPayment, "id">,
  outcome: PaymentOutcome,
  notification?: { id: string; type: string },
): Promise<Settled> {
  const { db, now } = context;
  return db.transaction(async (tx) => {
    if (notification) {
      const first = await tx
        .insert(paymentNotifications)
        .values({ id: notification.id, type: notification.type, receivedAt: now })
        .onConflictDoNothing()
        .returning({ id: paymentNotifications.id });
      if (first.length === 0) return "duplicate";
    }
    const [row] = await tx
      .select()
      .from(payments)
      .where(eq(payments.gatewayId, payment.id))
      .for("update");
    if (!row) return "unknown";
    if (outcome === "succeeded") return succeeded(context, tx, row);
    if (row.status !== "PENDING") return "unchanged";
    const status: PaymentStatus =
      outcome === "failed" ? "FAILED" : outcome === "expired" ? "EXPIRED" : "CANCELLED";
    await releaseHold(tx, row, now);
    await setStatus(tx, row, { status }, now);
    if (row.eventId !== null && row.attendeeId !== null) {
      await recordChange(
        tx,
        {
          kind: "payment_failed",
          eventId: row.eventId,
          attendeeId: row.attendeeId,
          actor: "system",
          data: { status },
        },
        now,
      );
    }
    return "released";
  });
}

async function setStatus(tx: Tx, row: PaymentRow, values: Partial<PaymentRow>, now: Date) {
  await tx
    .update(payments)
    .set({ ...values, updatedAt: now })
    .where(eq(payments.id, row.id));
}

/**
 * Gives back what an unpaid booking held: its attendee's seat, and the event with its hosts'
 * time once no one else holds a seat in it. The rows stay (cancelled) so a payment that
 * succeeds after all can take the slot back.
 */
export async function releaseHold(tx: Tx, row: PaymentRow, now: Date): Promise<void> {
  if (row.attendeeId === null || row.eventId === null) return;
  await tx.update(attendees).set({ status: "CANCELLED" }).where(eq(attendees.id, row.attendeeId));
  const others = await tx
    .select({ id: attendees.id })
    .from(attendees)
    .where(and(eq(attendees.eventId, row.eventId), eq(attendees.status, "CONFIRMED")))
    .limit(1);
  if (others.length > 0) return;
  await tx
    .update(events)
    .set({ status: "CANCELLED", cancelledAt: now })
    .where(and(eq(events.id, row.eventId), ne(events.status, "CANCELLED")));
  await tx.delete(hostBusy).where(eq(hostBusy.eventId, row.eventId));
}

async function succeeded(context: SettleContext, tx: Tx, row: PaymentRow): Promise<Settled> {
  if (row.status === "PAID" || row.status === "REFUNDED") return "unchanged";
  const booking = await liveBooking(tx, row);
  if (booking !== null) {
    await confirm(context, tx, row, booking);
    return "confirmed";
  }
  // Released for want of payment (not cancelled by the invitee): the slot may still be free.
  if (row.status === "EXPIRED" || row.status === "FAILED") {
    const retaken = await retake(tx, row, context.now);
    if (retaken !== null) {
      await confirm(context, tx, row, retaken);
      return "confirmed";
    }
  }
  await refundLate(context, tx, row);
  return "refunded";
}

/** The pending booking a payment holds, locked, while it still holds it. */
async function liveBooking(
  tx: Tx,
  row: PaymentRow,
): Promise<{ event: EventRow; attendee: AttendeeRow } | null> {
  if (row.status !== "PENDING" || row.eventId === null || row.attendeeId === null) return null;
  const [event] = await tx.select().from(events).where(eq(events.id, row.eventId)).for("update");
  const [attendee] = await tx.select().from(attendees).where(eq(attendees.id, row.attendeeId));
  if (!event || !attendee || event.status === "CANCELLED" || attendee.status !== "CONFIRMED") {
    return null;
  }
  return { event, attendee };
}

/**
 * Takes a released booking's slot back for a payment that succeeded after all: the event's
 * hosts' time again, in a savepoint, when no one took it meanwhile (the exclusion constraint
 * says). Only a booking that was the event's one attendee; null when the slot is gone.
 */
async function retake(
  tx: Tx,
  row: PaymentRow,
  now: Date,
): Promise<{ event: EventRow; attendee: AttendeeRow } | null> {
  if (row.eventId === null || row.attendeeId === null) return null;
  const [event] = await tx.select().from(events).where(eq(events.id, row.eventId)).for("update");
  const [attendee] = await tx.select().from(attendees).where(eq(attendees.id, row.attendeeId));
  if (!event || !attendee || event.status !== "CANCELLED" || event.startAt <= now) {
    return null;
  }
  const type = await findEventType(tx, event.eventTypeId);
  const others = await tx
    .select({ id: attendees.id })
    .from(attendees)
    .where(and(eq(attendees.eventId, event.id), ne(attendees.id, attendee.id)))
    .limit(1);
  if (!type || others.length > 0) return null;
  const hosts = await tx
    .select({ userId: eventHosts.userId })
    .from(eventHosts)
    .where(eq(eventHosts.eventId, event.id));
  const during = busyRange(event.startAt, event.endAt, type);
  try {
    await tx.transaction(async (savepoint) => {
      if (hosts.length > 0) {
        await savepoint
          .insert(hostBusy)
          .values(hosts.map((h) => ({ hostId: h.userId, eventId: event.id, during })));
      }
    });
  } catch (error) {
    if (sqlState(error) === "23P01") return null;
    throw error;
  }
  const [live] = await tx
    .update(events)
    .set({ status: "PENDING_PAYMENT", cancelledAt: null })
    .where(eq(events.id, event.id))
    .returning();
  const [back] = await tx
    .update(attendees)
    .set({ status: "CONFIRMED" })
    .where(eq(attendees.id, attendee.id))
    .returning();
  return { event: live!, attendee: back! };
}

/**
 * Confirms a paid booking, or makes it a request when its type requires approval, and records
 * its change (paid), which sends the confirmation with the amount paid and schedules the
 * reminders (a pending booking had none), or sends the request the hosts answer now that the
 * money is in.
 */
async function confirm(
  context: SettleContext,
  tx: Tx,
  row: PaymentRow,
  booking: { event: EventRow; attendee: AttendeeRow },
): Promise<void> {
  const { now } = context;
  await setStatus(tx, row, { status: "PAID", paidAt: now }, now);
  const type = await findEventType(tx, booking.event.eventTypeId);
  let event = booking.event;
  const request = type?.requiresApproval === true && event.status === "PENDING_PAYMENT";
  if (event.status === "PENDING_PAYMENT") {
    const [next] = await tx
      .update(events)
      .set({ status: request ? "PENDING_APPROVAL" : "CONFIRMED" })
      .where(eq(events.id, event.id))
      .returning();
    event = next!;
  }
  await recordChange(
    tx,
    {
      kind: "paid",
      eventId: event.id,
      attendeeId: booking.attendee.id,
      actor: "system",
      data: { request, amount: row.amount, currency: row.currency } satisfies PaidData,
    },
    now,
  );
}

/**
 * A payment that came too late for its slot: refunded in full, its change (refunded, late)
 * queueing the refund and telling the payer why. A booking deleted while pending left no event:
 * the change is then keyed by the payment, whose id names no meeting.
 */
async function refundLate(context: SettleContext, tx: Tx, row: PaymentRow): Promise<void> {
  const { now } = context;
  await setStatus(tx, row, { status: "REFUNDED", refundedAmount: row.amount, paidAt: now }, now);
  const refund: RefundedData["refunds"][number] = {
    paymentId: row.id,
    gatewayId: row.gatewayId,
    amount: row.amount,
    currency: row.currency,
    key: `late-${row.id}`,
    payer: { email: row.payerEmail, name: row.payerName, language: row.payerLanguage },
  };
  await recordChange(
    tx,
    {
      kind: "refunded",
      eventId: row.eventId ?? row.id,
      attendeeId: row.attendeeId,
      actor: "system",
      data: { reason: "late", refunds: [refund] } satisfies RefundedData,
    },
    now,
  );
}
