import { and, eq } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { findAttendees, findEvent, findEventHosts } from "../data/bookings";
import { findEventType } from "../data/eventTypes";
import { findTeam } from "../data/teams";
import { findUserById } from "../data/users";
import type { Db } from "../db/database";
import { attendees, events, payments, singleUseLinks } from "../db/schema";
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
 * Takes back a booking still awaiting payment (the invitee's payment failed or was
 * abandoned): the attendee who made it, proved by the secret the scheduling answer gave
 * them, loses their seat. The event, its busy time and its single-use link's use go too only
 * when no other attendee remains, so one attendee of a group event cannot drop the others.
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
  if (payment?.status === "PENDING" && context) {
    const state = await context.gateway.cancelPayment(payment.gatewayId);
    if (state.state === "succeeded") {
      await paymentSettler(context, state, "succeeded");
      throw new DomainError("CONFLICT", message("payment.alreadyPaid"));
    }
  }

  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(events).where(eq(events.id, event.id)).for("update");
    if (!locked) throw notFound;
    if (locked.status !== "PENDING_PAYMENT") {
      throw new DomainError("CONFLICT", message("booking.onlyPendingDeleted"));
    }
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
          .set({ status: "CANCELLED", updatedAt: now })
          .where(eq(payments.id, payment.id));
      }
    }
    await tx
      .delete(attendees)
      .where(and(eq(attendees.id, attendee.id), eq(attendees.eventId, event.id)));
    const others = await tx
      .select({ id: attendees.id })
      .from(attendees)
      .where(and(eq(attendees.eventId, event.id), eq(attendees.status, "CONFIRMED")))
      .limit(1);
    if (others.length > 0) return;
    await tx
      .update(singleUseLinks)
      .set({ usedAt: null, eventId: null })
      .where(eq(singleUseLinks.eventId, event.id));
    // host_busy and event_hosts go with it (on delete cascade).
    await tx.delete(events).where(eq(events.id, event.id));
  });
}
