import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { findEvent } from "../data/bookings";
import { events, outbox, payments } from "../db/schema";
import { paymentsSetup } from "../payments/stripeGateway";
import { bookDirectly, commandContext } from "../test/bookingCommands";
import {
  BOOKING_NOW,
  berlinSlot,
  outboxMails,
  scheduledOutboxMails,
  userLink,
} from "../test/bookingFactories";
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
const context = {
  db: t.database.db,
  publicUrl: t.deps.config.publicUrl,
  secret: t.deps.config.sessionSecret,
  now: BOOKING_NOW,
};

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

  it("schedules a paid booking's reminders only once it is paid", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, {
      price: { amount: 900, currency: "GBP" },
      reminders: [{ minutesBefore: 60, to: "invitee_and_host" }],
    });
    const start = berlinSlot(2, "10:00");
    const booked = await bookDirectly(
      t,
      userLink(host, type),
      { start },
      { ...commandContext(t), payments: paymentsSetup(t.deps.config) },
    );
    expect(booked.event.status).toBe("PENDING_PAYMENT");
    const about = async () =>
      (await scheduledOutboxMails(t)).filter((row) => row.eventId === booked.event.id);
    expect(await about()).toEqual([]);

    stripe.confirm(booked.payment!.paymentId, SUCCEEDS);
    expect(await paymentSettler(context, { id: booked.payment!.paymentId }, "succeeded")).toBe(
      "confirmed",
    );
    const rows = await about();
    expect(rows.map((row) => [row.payload.data.role, row.nextAttemptAt])).toEqual([
      ["invitee", new Date(Date.parse(start) - 3_600_000)],
      ["host", new Date(Date.parse(start) - 3_600_000)],
    ]);
  });

  it("refunds a payment whose pending booking was deleted meanwhile, by a change of its own", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { price: { amount: 700, currency: "EUR" } });
    const booked = await bookDirectly(
      t,
      userLink(host, type),
      { start: berlinSlot(3, "09:00"), email: "gone@example.com" },
      { ...commandContext(t), payments: paymentsSetup(t.deps.config) },
    );
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.eventId, booked.event.id));
    await t.database.db.delete(events).where(eq(events.id, booked.event.id));

    expect(await paymentSettler(context, { id: booked.payment!.paymentId }, "succeeded")).toBe(
      "refunded",
    );
    const told = (await outboxMails(t)).filter((m) => m.to.email === "gone@example.com");
    expect(told).toMatchObject([
      { template: "paymentRefunded", data: { title: null, amount: 700, reason: "late" } },
    ]);
    const refunds = await t.database.db.select().from(outbox).where(eq(outbox.kind, "refund"));
    expect(refunds.filter((r) => r.payload.paymentId === payment!.id)).toMatchObject([
      { payload: { amount: 700, key: `late-${payment!.id}` } },
    ]);
  });
});
