import { afterAll, describe, expect, it } from "vitest";
import { findEvent } from "../data/bookings";
import { paymentsSetup } from "../payments/stripeGateway";
import { bookDirectly, commandContext } from "../test/bookingCommands";
import { BOOKING_NOW, berlinSlot, userLink } from "../test/bookingFactories";
import { createEventType, signUpHost } from "../test/factories";
import { SUCCEEDS, startStripeDouble } from "../test/stripeDouble";
import { createTestApp } from "../test/testApp";
import { paymentSettler } from "./paymentSettler";

const stripe = await startStripeDouble();
afterAll(() => stripe.stop());
const t = await createTestApp({
  stripe: stripe.config,
  bookingLimits: { perIp: 0, perEventType: 0 },
});
const context = { db: t.database.db, publicUrl: t.deps.config.publicUrl, now: BOOKING_NOW };

describe("paymentSettler", () => {
  it("ignores a payment it does not know (another system's, or a stray test event)", async () => {
    expect(await paymentSettler(context, { id: "pi_unknown" }, "succeeded")).toBe("unknown");
  });

  it("processes a notification id once, and moves a booking only forward", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { price: { amount: 900, currency: "GBP" } });
    const booked = await bookDirectly(
      t,
      userLink(host, type),
      { start: berlinSlot(0, "09:00") },
      { ...commandContext(t), payments: paymentsSetup(t.deps.config) },
    );
    const intent = booked.payment!.paymentId;
    stripe.confirm(intent, SUCCEEDS);
    const notice = { id: "evt_once", type: "payment_intent.succeeded" };
    expect(await paymentSettler(context, { id: intent }, "succeeded", notice)).toBe("confirmed");
    expect(await paymentSettler(context, { id: intent }, "succeeded", notice)).toBe("duplicate");
    expect(await paymentSettler(context, { id: intent }, "canceled")).toBe("unchanged");
    expect(await paymentSettler(context, { id: intent }, "succeeded")).toBe("unchanged");
    expect((await findEvent(t.database.db, booked.event.id))?.status).toBe("CONFIRMED");
  });
});
