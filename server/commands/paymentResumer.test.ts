import { afterAll, describe, expect, it } from "vitest";
import { findPaymentByGatewayId } from "../data/payments";
import { paymentGatewayOf, paymentsSetup } from "../payments/stripeGateway";
import { bookDirectly, commandContext } from "../test/bookingCommands";
import { berlinSlot, userLink } from "../test/bookingFactories";
import { createEventType, type Host, signUpHost } from "../test/factories";
import { SUCCEEDS, startStripeDouble } from "../test/stripeDouble";
import { createTestApp } from "../test/testApp";
import { paymentResumer } from "./paymentResumer";

const stripe = await startStripeDouble();
afterAll(() => stripe.stop());
const t = await createTestApp({
  stripe: stripe.config,
  bookingLimits: { perIp: 0, perEventType: 0 },
});
const db = t.database.db;
const gateway = paymentGatewayOf(t.deps.config)!;
const context = commandContext(t);
const JS = "https://js.example/v3/";

async function pendingPaidBooking(host: Host, start: string) {
  const type = await createEventType(t, host, { price: { amount: 1200, currency: "EUR" } });
  return bookDirectly(
    t,
    userLink(host, type),
    { start },
    { payments: paymentsSetup(t.deps.config) },
  );
}

describe("paymentResumer", () => {
  it("gives the payer the checkout while open, and confirms once the gateway says paid", async () => {
    const host = await signUpHost(t);
    const booked = await pendingPaidBooking(host, berlinSlot(2, "09:00"));
    const input = { attendee: booked.attendee.id, token: booked.attendee.cancelToken };
    const open = await paymentResumer(context, gateway, JS, input);
    expect(open).toMatchObject({
      eventStatus: "PENDING_PAYMENT",
      paymentStatus: "PENDING",
      checkout: {
        gateway: "Stripe",
        paymentIntent: booked.payment!.paymentId,
        amount: 1200,
        currency: "EUR",
        jsUrl: JS,
      },
    });
    expect(open.checkout?.clientSecret).toMatch(/_secret_/);
    stripe.confirm(booked.payment!.paymentId, SUCCEEDS);
    expect(await paymentResumer(context, gateway, JS, input)).toEqual({
      eventStatus: "CONFIRMED",
      paymentStatus: "PAID",
      checkout: null,
    });
  });

  it("refuses a secret not the payer's (FORBIDDEN) and an unknown attendee (NOT_FOUND)", async () => {
    const host = await signUpHost(t);
    const booked = await pendingPaidBooking(host, berlinSlot(2, "11:00"));
    stripe.confirm(booked.payment!.paymentId, SUCCEEDS);
    await expect(
      paymentResumer(context, gateway, JS, { attendee: booked.attendee.id, token: "nope" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      paymentResumer(context, gateway, JS, {
        attendee: "00000000-0000-4000-8000-000000000000",
        token: "x",
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await findPaymentByGatewayId(db, booked.payment!.paymentId))?.status).toBe("PENDING");
  });
});
