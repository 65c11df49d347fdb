import { and, eq, ne } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { findAttendees, findEvent } from "../data/bookings";
import { bookingChanges, events, hostBusy, payments } from "../db/schema";
import { paymentGatewayOf, paymentsSetup } from "../payments/stripeGateway";
import { bookDirectly } from "../test/bookingCommands";
import { BOOKING_NOW, berlinSlot, userLink } from "../test/bookingFactories";
import { createEventType, type Host, signUpHost } from "../test/factories";
import { DECLINED, startStripeDouble } from "../test/stripeDouble";
import { createTestApp } from "../test/testApp";
import { pendingBookingDeleter } from "./pendingBookingDeleter";

const stripe = await startStripeDouble();
afterAll(() => stripe.stop());
const t = await createTestApp({
  stripe: stripe.config,
  bookingLimits: { perIp: 0, perEventType: 0 },
});
const db = t.database.db;

/** The change rows a booking recorded after it was created. */
async function changesOf(eventId: string) {
  const rows = await db
    .select()
    .from(bookingChanges)
    .where(and(eq(bookingChanges.eventId, eventId), ne(bookingChanges.kind, "created")));
  return rows.map(({ kind, attendeeId, actor, data }) => ({ kind, attendeeId, actor, data }));
}
const price = { amount: 5000, currency: "EUR" };

async function pendingBooking(host: Host, start: string, overrides: Record<string, unknown> = {}) {
  const type = await createEventType(t, host, { price, ...overrides });
  const booked = await bookDirectly(
    t,
    userLink(host, type),
    { start },
    { payments: paymentsSetup(t.deps.config) },
  );
  const path = { user: host.username, eventType: type.slug, eventId: booked.event.id };
  return { type, booked, path };
}

describe("pendingBookingDeleter", () => {
  it("takes back the booking, its busy time and all, with the attendee's secret", async () => {
    const host = await signUpHost(t);
    const { booked, path } = await pendingBooking(host, berlinSlot(0, "09:00"));
    await pendingBookingDeleter(db, { ...path, token: booked.attendee.cancelToken }, BOOKING_NOW);
    expect(await findEvent(db, booked.event.id)).toMatchObject({
      status: "CANCELLED",
      cancelledAt: BOOKING_NOW,
    });
    expect(await db.select().from(hostBusy).where(eq(hostBusy.eventId, booked.event.id))).toEqual(
      [],
    );
    // Its change announces booking.payment_failed: given up, the payment was cancelled.
    expect(await changesOf(booked.event.id)).toEqual([
      {
        kind: "payment_failed",
        attendeeId: booked.attendee.id,
        actor: "invitee",
        data: { status: "CANCELLED" },
      },
    ]);
    // A second try finds no seat held with that secret any more, and records nothing.
    await expect(
      pendingBookingDeleter(db, { ...path, token: booked.attendee.cancelToken }, BOOKING_NOW),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await changesOf(booked.event.id)).toHaveLength(1);
  });

  it("after a declined card records the payment as FAILED, cancelled at Stripe", async () => {
    const host = await signUpHost(t);
    const { booked, path } = await pendingBooking(host, berlinSlot(0, "11:00"));
    const intent = booked.payment!.paymentId;
    expect(stripe.confirm(intent, DECLINED).last_payment_error?.code).toBe("card_declined");
    const context = {
      db,
      gateway: paymentGatewayOf(t.deps.config)!,
      publicUrl: t.deps.config.publicUrl,
      secret: t.deps.config.sessionSecret,
      now: BOOKING_NOW,
    };
    await pendingBookingDeleter(
      db,
      { ...path, token: booked.attendee.cancelToken, paymentIntent: intent },
      BOOKING_NOW,
      context,
    );
    expect(stripe.intents.get(intent)?.status).toBe("canceled");
    const [payment] = await db.select().from(payments).where(eq(payments.gatewayId, intent));
    expect(payment?.status).toBe("FAILED");
    expect(await changesOf(booked.event.id)).toEqual([
      {
        kind: "payment_failed",
        attendeeId: booked.attendee.id,
        actor: "invitee",
        data: { status: "FAILED" },
      },
    ]);
  });

  it("refuses a missing or wrong secret (FORBIDDEN) and a path naming another event type", async () => {
    const host = await signUpHost(t);
    const stranger = await signUpHost(t);
    const { booked, path } = await pendingBooking(host, berlinSlot(0, "10:00"));
    for (const token of [undefined, "", "wrong"]) {
      await expect(
        pendingBookingDeleter(db, { ...path, token }, BOOKING_NOW),
      ).rejects.toMatchObject({
        code: "FORBIDDEN",
        detail: { key: "booking.linkNotValid" },
      });
    }
    const token = booked.attendee.cancelToken;
    for (const wrongPath of [
      { ...path, user: stranger.username },
      { ...path, eventType: "another-type" },
    ]) {
      await expect(
        pendingBookingDeleter(db, { ...wrongPath, token }, BOOKING_NOW),
      ).rejects.toMatchObject({
        code: "NOT_FOUND",
        detail: { key: "booking.notFound" },
      });
    }
    // A payment intent that is not the event's names another booking.
    await expect(
      pendingBookingDeleter(db, { ...path, token, paymentIntent: "pi_2" }, BOOKING_NOW),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await findEvent(db, booked.event.id)).not.toBeNull();
  });

  it("refuses a booking that is no longer pending (CONFLICT)", async () => {
    const host = await signUpHost(t);
    const { booked, path } = await pendingBooking(host, berlinSlot(1, "09:00"));
    await db.update(events).set({ status: "CONFIRMED" }).where(eq(events.id, booked.event.id));
    await expect(
      pendingBookingDeleter(db, { ...path, token: booked.attendee.cancelToken }, BOOKING_NOW),
    ).rejects.toMatchObject({ code: "CONFLICT", detail: { key: "booking.onlyPendingDeleted" } });
  });

  it("in a GROUP event takes back only the attendee's seat while others hold one", async () => {
    const host = await signUpHost(t);
    const start = berlinSlot(1, "11:00");
    const { type, booked, path } = await pendingBooking(host, start, { kind: "GROUP", seats: 3 });
    const other = await bookDirectly(
      t,
      userLink(host, type),
      { start },
      { payments: paymentsSetup(t.deps.config) },
    );
    expect(other.event.id).toBe(booked.event.id);
    await pendingBookingDeleter(db, { ...path, token: booked.attendee.cancelToken }, BOOKING_NOW);
    // Without a gateway to ask, the payment is cancelled here, stamped with the given time.
    const [payment] = await db
      .select()
      .from(payments)
      .where(eq(payments.gatewayId, booked.payment!.paymentId));
    expect(payment).toMatchObject({ status: "CANCELLED", updatedAt: BOOKING_NOW });
    const seats = await findAttendees(db, booked.event.id);
    expect(seats.filter((a) => a.status === "CONFIRMED").map((a) => a.id)).toEqual([
      other.attendee.id,
    ]);
    expect(await findEvent(db, booked.event.id)).toMatchObject({ status: "PENDING_PAYMENT" });
    expect(
      await db.select().from(hostBusy).where(eq(hostBusy.eventId, booked.event.id)),
    ).not.toEqual([]);
  });
});
