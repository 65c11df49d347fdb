import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { findEvent } from "../data/bookings";
import { payments } from "../db/schema";
import { paymentsSetup } from "../payments/stripeGateway";
import { bookDirectly, commandContext } from "../test/bookingCommands";
import { BOOKING_NOW, berlinSlot, userLink } from "../test/bookingFactories";
import { createEventType, type Host, signUpHost } from "../test/factories";
import { SUCCEEDS, startStripeDouble } from "../test/stripeDouble";
import { createTestApp } from "../test/testApp";
import { paymentRefunder } from "./paymentRefunder";
import { paymentSettler } from "./paymentSettler";

const stripe = await startStripeDouble();
afterAll(() => stripe.stop());
const t = await createTestApp({
  stripe: stripe.config,
  bookingLimits: { perIp: 0, perEventType: 0 },
});
const db = t.database.db;
const REFUNDED_AT = new Date("2027-01-04T07:00:00Z");

/** A booking of `host` paid in full at the gateway and settled. */
async function paidBooking(host: Host, start: string) {
  const type = await createEventType(t, host, { price: { amount: 900, currency: "GBP" } });
  const booked = await bookDirectly(
    t,
    userLink(host, type),
    { start },
    { ...commandContext(t), payments: paymentsSetup(t.deps.config) },
  );
  const intent = booked.payment!.paymentId;
  stripe.confirm(intent, SUCCEEDS);
  const context = { ...commandContext(t), now: BOOKING_NOW };
  expect(await paymentSettler(context, { id: intent }, "succeeded")).toBe("confirmed");
  return { booked, intent };
}

const paymentOf = async (gatewayId: string) =>
  (await db.select().from(payments).where(eq(payments.gatewayId, gatewayId)))[0]!;

describe("paymentRefunder", () => {
  it("refunds what is left of the payment in full and leaves the booking as it is", async () => {
    const host = await signUpHost(t);
    const { booked, intent } = await paidBooking(host, berlinSlot(1, "09:00"));
    expect(await paymentRefunder(db, host.id, booked.event.id, REFUNDED_AT)).toEqual([
      { amount: 900, currency: "GBP" },
    ]);
    expect(await paymentOf(intent)).toMatchObject({
      status: "REFUNDED",
      refundedAmount: 900,
      updatedAt: REFUNDED_AT,
    });
    expect((await findEvent(db, booked.event.id))?.status).toBe("CONFIRMED");
  });

  it("refuses another host (NOT_FOUND) and a booking with nothing left to refund (CONFLICT)", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    const { booked, intent } = await paidBooking(host, berlinSlot(1, "11:00"));
    await expect(paymentRefunder(db, other.id, booked.event.id, REFUNDED_AT)).rejects.toMatchObject(
      { code: "NOT_FOUND" },
    );
    expect((await paymentOf(intent)).status).toBe("PAID");
    await paymentRefunder(db, host.id, booked.event.id, REFUNDED_AT);
    await expect(paymentRefunder(db, host.id, booked.event.id, REFUNDED_AT)).rejects.toMatchObject({
      code: "CONFLICT",
      detail: { key: "payment.nothingToRefund" },
    });
    expect((await paymentOf(intent)).refundedAmount).toBe(900);
  });
});
