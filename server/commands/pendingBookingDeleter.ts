import { and, eq } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { recordChange } from "../booking/bookingChange";
import { findAttendees, findEvent, findEventHosts } from "../data/bookings";
import { findEventType } from "../data/eventTypes";
import { findTeam } from "../data/teams";
import { findUserById } from "../data/users";
import type { Db } from "../db/database";
import {
  attendees,
  events,
  hostBusy,
  type PaymentStatus,
  payments,
  singleUseLinks,
} from "../db/schema";
import type { PaymentGateway } from "../payments/paymentGateway";
import { attendeeWithToken } from "../policies/bookings";
import { paymentSettler, type SettleContext } from "./paymentSettler";

export interface PendingBookingPath {
  user: string;
  eventType: string;
  eventId: string;
  /** The attendee's secret from the scheduling answer (their cancel token). */
  token?: string | undefined;
  paymentIntent?: string | undefined;
}

/**
 * Takes back a booking still awaiting payment (the invitee's card was declined or they gave
 * the time up): the attendee who made it, proved by the secret the scheduling answer gave
 * them, loses their seat (cancelled). The event is cancelled, its busy time freed and its
 * single-use link's use given back only when no other attendee remains, so one attendee of a
 * group event cannot drop the others. Records a payment_failed change (FAILED for a declined
 * card, else CANCELLED), which announces booking.payment_failed.
 * The path must name the event's event type (its owner's username or team slug, or one of
 * its hosts, and its slug); a given payment intent must be the event's. Throws NOT_FOUND,
 * FORBIDDEN for a missing or wrong secret, CONFLICT for a booking that is not pending or was
 * paid after all. Its payment is cancelled at the gateway first (with `context`): one that
 * succeeded meanwhile confirms the booking instead.
 */
export async function pendingBookingDeleter(
  db: Db,
  path: PendingBookingPath,
  now: Date,
  context?: SettleContext & { gateway: PaymentGateway },
): Promise<void> {
  const notFound = new DomainError("NOT_FOUND", message("booking.notFound"));
  const event = await findEvent(db, path.eventId);
  if (!event) throw notFound;
  const type = await findEventType(db, event.eventTypeId);
  if (!type || type.slug !== path.eventType.toLowerCase()) throw notFound;
  const user = path.user.toLowerCase();
  const [owner, team, hosts] = await Promise.all([
    type.userId ? findUserById(db, type.userId) : null,
    type.teamId ? findTeam(db, type.teamId) : null,
    findEventHosts(db, event.id),
  ]);
  const named =
    owner?.username === user || team?.slug === user || hosts.some((h) => h.username === user);
  if (!named) throw notFound;
  const attendee =
    path.token === undefined
      ? undefined
      : attendeeWithToken(await findAttendees(db, event.id), path.token);
  if (!attendee) throw new DomainError("FORBIDDEN", message("booking.linkNotValid"));
  const [payment] = await db.select().from(payments).where(eq(payments.attendeeId, attendee.id));
  if (path.paymentIntent !== undefined && payment && payment.gatewayId !== path.paymentIntent) {
    throw notFound;
  }
  // The payment goes first, so it cannot succeed after the slot was given back.
  let declined = false;
  if (payment?.status === "PENDING" && context) {
    const state = await context.gateway.cancelPayment(payment.gatewayId);
    if (state.state === "succeeded") {
      await paymentSettler(context, state, "succeeded");
      throw new DomainError("CONFLICT", message("payment.alreadyPaid"));
    }
    declined = state.declined === true;
  }

  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(events).where(eq(events.id, event.id)).for("update");
    if (!locked) throw notFound;
    if (locked.status !== "PENDING_PAYMENT") {
      throw new DomainError("CONFLICT", message("booking.onlyPendingDeleted"));
    }
    const [seat] = await tx.select().from(attendees).where(eq(attendees.id, attendee.id));
    if (seat?.status !== "CONFIRMED") {
      throw new DomainError("CONFLICT", message("booking.onlyPendingDeleted"));
    }
    // A declined card failed; a payment given up (or none to ask) was cancelled.
    let status: PaymentStatus = declined ? "FAILED" : "CANCELLED";
    if (payment) {
      const [current] = await tx
        .select()
        .from(payments)
        .where(eq(payments.id, payment.id))
        .for("update");
      if (current?.status === "PAID") {
        throw new DomainError("CONFLICT", message("payment.alreadyPaid"));
      }
      if (current?.status === "PENDING") {
        await tx
          .update(payments)
          .set({ status, updatedAt: now })
          .where(eq(payments.id, payment.id));
      } else if (current) {
        status = current.status;
      }
    }
    // The rows stay, cancelled, so the change's webhook can tell of the booking.
    await tx
      .update(attendees)
      .set({ status: "CANCELLED" })
      .where(and(eq(attendees.id, attendee.id), eq(attendees.eventId, event.id)));
    const others = await tx
      .select({ id: attendees.id })
      .from(attendees)
      .where(and(eq(attendees.eventId, event.id), eq(attendees.status, "CONFIRMED")))
      .limit(1);
    if (others.length === 0) {
      await tx
        .update(singleUseLinks)
        .set({ usedAt: null, eventId: null })
        .where(eq(singleUseLinks.eventId, event.id));
      await tx
        .update(events)
        .set({ status: "CANCELLED", cancelledAt: now })
        .where(eq(events.id, event.id));
      await tx.delete(hostBusy).where(eq(hostBusy.eventId, event.id));
    }
    await recordChange(
      tx,
      {
        kind: "payment_failed",
        eventId: event.id,
        attendeeId: attendee.id,
        actor: "invitee",
        data: { status },
      },
      now,
    );
  });
}
