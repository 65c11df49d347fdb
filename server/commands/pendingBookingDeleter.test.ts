import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { findAttendees, findEvent } from "../data/bookings";
import { events, hostBusy, payments } from "../db/schema";
import { paymentsSetup } from "../payments/stripeGateway";
import { bookDirectly } from "../test/bookingCommands";
import { BOOKING_NOW, berlinSlot, userLink } from "../test/bookingFactories";
import { createEventType, type Host, signUpHost } from "../test/factories";
import { startStripeDouble } from "../test/stripeDouble";
import { createTestApp } from "../test/testApp";
import { pendingBookingDeleter } from "./pendingBookingDeleter";

const stripe = await startStripeDouble();
afterAll(() => stripe.stop());
const t = await createTestApp({
  stripe: stripe.config,
  bookingLimits: { perIp: 0, perEventType: 0 },
});
const db = t.database.db;
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
    expect(await findEvent(db, booked.event.id)).toBeNull();
    expect(await db.select().from(hostBusy).where(eq(hostBusy.eventId, booked.event.id))).toEqual(
      [],
    );
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
    expect((await findAttendees(db, booked.event.id)).map((a) => a.id)).toEqual([
      other.attendee.id,
    ]);
    expect(await findEvent(db, booked.event.id)).not.toBeNull();
  });
});
