import { afterAll, describe, expect, it } from "vitest";
import { findPaymentByGatewayId } from "../data/payments";
import { paymentGatewayOf, paymentsSetup } from "../payments/stripeGateway";
import { bookDirectly, commandContext } from "../test/bookingCommands";
import { berlinSlot, userLink } from "../test/bookingFactories";
import { createEventType, type Host, signUpHost } from "../test/factories";
import { SUCCEEDS, startStripeDouble } from "../test/stripeDouble";
import { createTestApp } from "../test/testApp";
import { paymentReturnSettler } from "./paymentReturnSettler";

const stripe = await startStripeDouble();
afterAll(() => stripe.stop());
const t = await createTestApp({
  stripe: stripe.config,
  bookingLimits: { perIp: 0, perEventType: 0 },
});
const db = t.database.db;
const gateway = paymentGatewayOf(t.deps.config)!;
const context = commandContext(t);

async function pendingPaidBooking(host: Host, start: string) {
  const type = await createEventType(t, host, { price: { amount: 900, currency: "GBP" } });
  return bookDirectly(
    t,
    userLink(host, type),
    { start },
    { payments: paymentsSetup(t.deps.config) },
  );
}

describe("paymentReturnSettler", () => {
  it("confirms the payer's booking once the gateway says it is paid", async () => {
    const host = await signUpHost(t);
    const booked = await pendingPaidBooking(host, berlinSlot(1, "09:00"));
    const paymentIntent = booked.payment!.paymentId;
    const token = booked.attendee.cancelToken;
    expect(await paymentReturnSettler(context, gateway, { paymentIntent, token })).toEqual({
      eventStatus: "PENDING_PAYMENT",
      paymentStatus: "PENDING",
    });
    stripe.confirm(paymentIntent, SUCCEEDS);
    expect(await paymentReturnSettler(context, gateway, { paymentIntent, token })).toEqual({
      eventStatus: "CONFIRMED",
      paymentStatus: "PAID",
    });
  });

  it("refuses an unknown intent (NOT_FOUND) and a secret not the payer's (FORBIDDEN), settling nothing", async () => {
    const host = await signUpHost(t);
    const booked = await pendingPaidBooking(host, berlinSlot(1, "11:00"));
    const paymentIntent = booked.payment!.paymentId;
    stripe.confirm(paymentIntent, SUCCEEDS);
    await expect(
      paymentReturnSettler(context, gateway, { paymentIntent: "pi_unknown", token: "x" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      paymentReturnSettler(context, gateway, { paymentIntent, token: "not-the-secret" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN", detail: { key: "booking.linkNotValid" } });
    expect((await findPaymentByGatewayId(db, paymentIntent))?.status).toBe("PENDING");
  });
});
