import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { findAttendee, findEvent } from "../../data/bookings";
import { hostBusy, outbox, paymentNotifications, payments } from "../../db/schema";
import { makeDueRefunds, sweepExpiredHolds } from "../../payments/paymentWorker";
import { paymentGatewayOf } from "../../payments/stripeGateway";
import {
  BOOKING_NOW,
  berlinSlot,
  book,
  bookingBody,
  bookingMailsTo,
  bookOk,
  outboxMails,
  userLink,
} from "../../test/bookingFactories";
import { createEventType, type Host, signUpHost } from "../../test/factories";
import {
  DECLINED,
  NEEDS_AUTHENTICATION,
  SUCCEEDS,
  startStripeDouble,
} from "../../test/stripeDouble";
import { createTestApp, type TestApp } from "../../test/testApp";

const stripe = await startStripeDouble();
afterAll(() => stripe.stop());
const t = await createTestApp({
  stripe: stripe.config,
  bookingLimits: { perIp: 0, perEventType: 0 },
});
t.setNow(BOOKING_NOW);
const db = t.database.db;
const price = { amount: 2500, currency: "EUR" };
const nowSeconds = () => Math.floor(t.deps.clock().getTime() / 1000);

async function paidBooking(host: Host, start: string, email = "payer@example.com") {
  const type = await createEventType(t, host, { title: "Consultation", price });
  const body = bookingBody(userLink(host, type), { start, email });
  const answer = await bookOk(t, body);
  const intentId = answer.event.payment!.paymentIntent;
  return { type, body, answer, intentId };
}

function webhook(
  type: string,
  intentId: string,
  options: { id?: string; secret?: string; timestamp?: number } = {},
  app: TestApp = t,
) {
  const signed = stripe.webhook(type, intentId, { timestamp: nowSeconds(), ...options });
  return {
    eventId: signed.eventId,
    send: () =>
      app.request({
        method: "POST",
        url: "/api/payments/stripe/webhook",
        headers: { "content-type": "application/json", "stripe-signature": signed.signature },
        payload: signed.body,
      }),
  };
}

const paymentRow = async (intentId: string) =>
  (await db.select().from(payments).where(eq(payments.gatewayId, intentId)))[0]!;
const busyOf = (eventId: string) => db.select().from(hostBusy).where(eq(hostBusy.eventId, eventId));
const work = () => ({
  database: t.database,
  gateway: paymentGatewayOf(t.deps.config)!,
  publicUrl: t.deps.config.publicUrl,
  secret: t.deps.config.sessionSecret,
  clock: t.deps.clock,
});

describe("a paid booking", () => {
  it("holds its slot while the invitee pays, with the checkout the page needs", async () => {
    const host = await signUpHost(t);
    const { type, body, answer, intentId } = await paidBooking(host, berlinSlot(0, "09:00"));
    expect(answer.checkout).toBe(true);
    expect(answer.event.status).toBe("PENDING_PAYMENT");
    expect(answer.event.payment).toEqual({
      gateway: "Stripe",
      paymentIntent: intentId,
      clientSecret: stripe.intents.get(intentId)!.client_secret,
      publishableKey: stripe.config.publishableKey,
      amount: 2500,
      currency: "EUR",
      expiresAt: new Date(BOOKING_NOW.getTime() + 15 * 60_000).toISOString(),
    });
    expect(stripe.intents.get(intentId)).toMatchObject({
      amount: 2500,
      currency: "eur",
      metadata: { bookingId: answer.event.uuid, attendeeId: answer.attendee.uuid },
    });
    expect(await busyOf(answer.event.uuid)).toHaveLength(1);
    // Nobody else can take it meanwhile, and no mail of any kind goes out unpaid.
    const second = await book(t, bookingBody(userLink(host, type), { start: body.start }));
    expect(second.statusCode).toBe(409);
    expect(await bookingMailsTo(t, "payer@example.com")).toEqual([]);
    expect(await bookingMailsTo(t, host.email)).toEqual([]);
  });

  it("is confirmed by the succeeded webhook, with exactly one confirmation mail, once", async () => {
    const host = await signUpHost(t);
    const { answer, intentId } = await paidBooking(
      host,
      berlinSlot(0, "10:00"),
      "paid@example.com",
    );
    stripe.confirm(intentId, SUCCEEDS);
    const hook = webhook("payment_intent.succeeded", intentId);
    const first = await hook.send();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect((await findEvent(db, answer.event.uuid))?.status).toBe("CONFIRMED");
    expect(await paymentRow(intentId)).toMatchObject({ status: "PAID", paidAt: BOOKING_NOW });
    const mails = await bookingMailsTo(t, "paid@example.com");
    expect(mails.map((m) => m.template)).toEqual(["bookingConfirmed"]);
    expect(mails[0]!.data.payment).toEqual({ amount: 2500, currency: "EUR" });
    expect((await bookingMailsTo(t, host.email)).map((m) => m.template)).toEqual([
      "bookingConfirmed",
    ]);

    // The same webhook again, and another event saying the same: nothing more.
    expect((await hook.send()).statusCode).toBe(200);
    expect((await webhook("payment_intent.succeeded", intentId).send()).statusCode).toBe(200);
    // A late, out-of-order failure neither.
    expect((await webhook("payment_intent.canceled", intentId).send()).statusCode).toBe(200);
    expect(await bookingMailsTo(t, "paid@example.com")).toHaveLength(1);
    expect((await findEvent(db, answer.event.uuid))?.status).toBe("CONFIRMED");
    expect(await busyOf(answer.event.uuid)).toHaveLength(1);
    const seen = await db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.id, hook.eventId));
    expect(seen).toHaveLength(1);
  });

  it("frees its slot when the card is declined (and the payment cannot succeed later)", async () => {
    const host = await signUpHost(t);
    const { type, body, answer, intentId } = await paidBooking(host, berlinSlot(0, "11:00"));
    stripe.confirm(intentId, DECLINED);
    expect((await webhook("payment_intent.payment_failed", intentId).send()).statusCode).toBe(200);
    expect((await findEvent(db, answer.event.uuid))?.status).toBe("CANCELLED");
    expect(await busyOf(answer.event.uuid)).toEqual([]);
    expect((await paymentRow(intentId)).status).toBe("FAILED");
    expect(stripe.intents.get(intentId)?.status).toBe("canceled");
    await bookOk(t, bookingBody(userLink(host, type), { start: body.start }));
    expect(await bookingMailsTo(t, "payer@example.com")).toEqual([]);
  });

  it("frees its slot when the payment is cancelled", async () => {
    const host = await signUpHost(t);
    const { type, body, answer, intentId } = await paidBooking(host, berlinSlot(0, "12:00"));
    await paymentGatewayOf(t.deps.config)!.cancelPayment(intentId);
    expect((await webhook("payment_intent.canceled", intentId).send()).statusCode).toBe(200);
    expect(await busyOf(answer.event.uuid)).toEqual([]);
    expect((await paymentRow(intentId)).status).toBe("CANCELLED");
    await bookOk(t, bookingBody(userLink(host, type), { start: body.start }));
  });

  it("refuses a webhook with a wrong, stale or missing signature, and changes nothing", async () => {
    const host = await signUpHost(t);
    const { answer, intentId } = await paidBooking(host, berlinSlot(0, "13:00"));
    stripe.confirm(intentId, SUCCEEDS);
    const forged = webhook("payment_intent.succeeded", intentId, { secret: "whsec_forged" });
    const stale = webhook("payment_intent.succeeded", intentId, { timestamp: nowSeconds() - 600 });
    for (const hook of [forged, stale]) {
      const answerOf = await hook.send();
      expect(answerOf.statusCode).toBe(400);
      expect(answerOf.json()).toEqual({
        message: "The webhook's signature is missing, wrong or too old.",
      });
    }
    const unsigned = await t.request({
      method: "POST",
      url: "/api/payments/stripe/webhook",
      headers: { "content-type": "application/json" },
      payload: "{}",
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await findEvent(db, answer.event.uuid))?.status).toBe("PENDING_PAYMENT");
    expect((await paymentRow(intentId)).status).toBe("PENDING");
    const recorded = await db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.id, forged.eventId));
    expect(recorded).toEqual([]);
  });

  it("is confirmed by the invitee's return from Stripe.js too, on the same path", async () => {
    const host = await signUpHost(t);
    const { answer, intentId } = await paidBooking(
      host,
      berlinSlot(0, "14:00"),
      "returned@example.com",
    );
    const back = (token: string) =>
      t.request({
        method: "POST",
        url: "/api/payments/stripe/return",
        payload: { paymentIntent: intentId, token },
      });
    expect((await back("not-the-token")).statusCode).toBe(403);
    // Still waiting for 3-D Secure: nothing changes.
    stripe.confirm(intentId, NEEDS_AUTHENTICATION);
    expect((await back(answer.attendee.token)).json()).toEqual({
      eventStatus: "PENDING_PAYMENT",
      paymentStatus: "PENDING",
    });
    stripe.authenticate(intentId, true);
    expect((await back(answer.attendee.token)).json()).toEqual({
      eventStatus: "CONFIRMED",
      paymentStatus: "PAID",
    });
    // The webhook arriving afterwards changes nothing.
    await webhook("payment_intent.succeeded", intentId).send();
    expect(await bookingMailsTo(t, "returned@example.com")).toHaveLength(1);
  });

  it("resumes for the payer after a reload: the checkout while open, paid once Stripe says so", async () => {
    const host = await signUpHost(t);
    const { answer, intentId } = await paidBooking(
      host,
      berlinSlot(1, "14:00"),
      "resumed@example.com",
    );
    const resume = (token: string, attendee = answer.attendee.uuid) =>
      t.request({
        method: "POST",
        url: "/api/payments/stripe/resume",
        payload: { attendee, token },
      });
    expect((await resume("not-the-token")).statusCode).toBe(403);
    expect((await resume("x", "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    const open = await resume(answer.attendee.token);
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({
      eventStatus: "PENDING_PAYMENT",
      paymentStatus: "PENDING",
      checkout: {
        ...answer.event.payment,
        jsUrl: "https://js.stripe.com/v3/",
      },
    });
    // The card went through while the page was away: the next read says paid and confirmed,
    // without any webhook, and the confirmation mail goes out once.
    stripe.confirm(intentId, SUCCEEDS);
    expect((await resume(answer.attendee.token)).json()).toEqual({
      eventStatus: "CONFIRMED",
      paymentStatus: "PAID",
      checkout: null,
    });
    expect((await resume(answer.attendee.token)).json().eventStatus).toBe("CONFIRMED");
    expect(await bookingMailsTo(t, "resumed@example.com")).toHaveLength(1);
  });

  it("has nothing to resume once the invitee gave the time up", async () => {
    const host = await signUpHost(t);
    const { type, answer, intentId } = await paidBooking(host, berlinSlot(1, "15:00"));
    const query = new URLSearchParams({ token: answer.attendee.token, payment_intent: intentId });
    const given = await t.request({
      method: "DELETE",
      url: `/api/event/${host.username}/${type.slug}/${answer.event.uuid}?${query}`,
    });
    expect(given.statusCode).toBeLessThan(300);
    const resumed = await t.request({
      method: "POST",
      url: "/api/payments/stripe/resume",
      payload: { attendee: answer.attendee.uuid, token: answer.attendee.token },
    });
    expect(resumed.json()).toEqual({
      eventStatus: "CANCELLED",
      paymentStatus: "CANCELLED",
      checkout: null,
    });
  });

  it("lets go of an expired hold and cancels its payment", async () => {
    const host = await signUpHost(t);
    const { type, body, answer, intentId } = await paidBooking(host, berlinSlot(1, "09:00"));
    expect(await sweepExpiredHolds(work())).toBe(0);
    t.setNow(new Date(BOOKING_NOW.getTime() + 16 * 60_000));
    try {
      expect(await sweepExpiredHolds(work())).toBeGreaterThanOrEqual(1);
      expect((await paymentRow(intentId)).status).toBe("EXPIRED");
      expect(stripe.intents.get(intentId)?.status).toBe("canceled");
      expect(await busyOf(answer.event.uuid)).toEqual([]);
      await bookOk(t, bookingBody(userLink(host, type), { start: body.start }));
    } finally {
      t.setNow(BOOKING_NOW);
    }
  });

  it("refunds a payment that succeeds after its hold was freed and the slot retaken, and says so", async () => {
    const host = await signUpHost(t);
    const { type, body, answer, intentId } = await paidBooking(
      host,
      berlinSlot(1, "10:00"),
      "late@example.com",
    );
    // Released (here: the failure notice came first), then the time is booked by someone else.
    await webhook("payment_intent.payment_failed", intentId).send();
    const taker = await createEventType(t, host, { slug: "free-call" });
    await bookOk(t, bookingBody(userLink(host, taker), { start: body.start }));
    // The payment succeeds after all (Stripe could not cancel it in time).
    stripe.intents.get(intentId)!.status = "requires_payment_method";
    stripe.confirm(intentId, SUCCEEDS);
    expect((await webhook("payment_intent.succeeded", intentId).send()).statusCode).toBe(200);
    expect(await paymentRow(intentId)).toMatchObject({ status: "REFUNDED", refundedAmount: 2500 });
    expect((await findEvent(db, answer.event.uuid))?.status).toBe("CANCELLED");
    const told = (await outboxMails(t)).filter((m) => m.to.email === "late@example.com");
    expect(told.map((m) => m.template)).toEqual(["paymentRefunded"]);
    expect(await bookingMailsTo(t, "late@example.com")).toEqual([]);

    // The refund goes through the outbox: an outage delays it, never loses it.
    stripe.failRefunds(3);
    expect(await makeDueRefunds(work())).toBe(0);
    expect(stripe.refunds.filter((r) => r.payment_intent === intentId)).toEqual([]);
    const [job] = await db.select().from(outbox).where(eq(outbox.kind, "refund"));
    expect(job).toMatchObject({ status: "pending", attempts: 1 });
    expect(job!.lastError).toBeTruthy();
    t.setNow(new Date(BOOKING_NOW.getTime() + 60 * 60_000));
    try {
      expect(await makeDueRefunds(work())).toBe(1);
    } finally {
      t.setNow(BOOKING_NOW);
    }
    expect(stripe.refunds.filter((r) => r.payment_intent === intentId)).toMatchObject([
      { amount: 2500 },
    ]);
    expect((await db.select().from(outbox).where(eq(outbox.id, job!.id)))[0]?.status).toBe("sent");
    // A repeated notice refunds nothing more.
    await webhook("payment_intent.succeeded", intentId).send();
    expect(await makeDueRefunds(work())).toBe(0);
    expect(stripe.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    expect(type.slug).not.toBe(taker.slug);
  });

  it("takes its slot back when a late payment finds it still free", async () => {
    const host = await signUpHost(t);
    const { answer, intentId } = await paidBooking(host, berlinSlot(1, "11:00"), "back@x.test");
    await webhook("payment_intent.payment_failed", intentId).send();
    expect(await busyOf(answer.event.uuid)).toEqual([]);
    stripe.intents.get(intentId)!.status = "requires_payment_method";
    stripe.confirm(intentId, SUCCEEDS);
    await webhook("payment_intent.succeeded", intentId).send();
    expect((await findEvent(db, answer.event.uuid))?.status).toBe("CONFIRMED");
    expect((await findAttendee(db, answer.attendee.uuid))?.status).toBe("CONFIRMED");
    expect(await busyOf(answer.event.uuid)).toHaveLength(1);
    expect((await paymentRow(intentId)).status).toBe("PAID");
    expect((await bookingMailsTo(t, "back@x.test")).map((m) => m.template)).toEqual([
      "bookingConfirmed",
    ]);
  });

  it("is not taken back by the pending DELETE once it is paid", async () => {
    const host = await signUpHost(t);
    const { type, answer, intentId } = await paidBooking(host, berlinSlot(1, "12:00"), "d@x.test");
    stripe.confirm(intentId, SUCCEEDS);
    const path = `${host.username}/${type.slug}/${answer.event.uuid}`;
    const deleted = await t.request({
      method: "DELETE",
      url: `/api/event/${path}?token=${encodeURIComponent(answer.attendee.token)}&payment_intent=${intentId}`,
    });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(
      "This booking is already paid. Cancel it instead to get a refund.",
    );
    expect((await findEvent(db, answer.event.uuid))?.status).toBe("CONFIRMED");
    expect(await bookingMailsTo(t, "d@x.test")).toHaveLength(1);
  });

  it("needs the payment terms accepted by the server too, before any payment is made", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { price, paymentTerms: "Paid in advance." });
    const intentsBefore = stripe.intents.size;
    const start = berlinSlot(0, "15:00");
    const unaccepted = await book(t, bookingBody(userLink(host, type), { start }));
    expect(unaccepted.statusCode, unaccepted.body).toBe(422);
    expect(unaccepted.json().errors).toEqual({
      paymentTermsAccepted: ["Please accept the payment terms."],
    });
    const refused = await book(
      t,
      bookingBody(userLink(host, type), { start, paymentTermsAccepted: false }),
    );
    expect(refused.statusCode).toBe(422);
    expect(stripe.intents.size).toBe(intentsBefore);
    const accepted = await book(
      t,
      bookingBody(userLink(host, type), { start, paymentTermsAccepted: true }),
    );
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().checkout).toBe(true);
    expect(stripe.intents.size).toBe(intentsBefore + 1);
  });

  it("answers 503 and books nothing when Stripe cannot be reached", async () => {
    const down = await createTestApp({
      stripe: { ...stripe.config, apiUrl: "http://127.0.0.1:9" },
      bookingLimits: { perIp: 0, perEventType: 0 },
    });
    down.setNow(BOOKING_NOW);
    const host = await signUpHost(down);
    const type = await createEventType(down, host, { price });
    const answer = await book(down, bookingBody(userLink(host, type)));
    expect(answer.statusCode).toBe(503);
    expect(answer.json().message).toBe(
      "The payment service cannot be reached right now. Please try again in a moment.",
    );
    expect(await down.database.db.select().from(hostBusy)).toEqual([]);
    expect(await down.database.db.select().from(payments)).toEqual([]);
  });
});

describe("without Stripe", () => {
  it("refuses a new price with a clear message, and the webhook is not there", async () => {
    const bare = await createTestApp();
    const host = await signUpHost(bare);
    const created = await bare.request({
      method: "POST",
      url: "/api/event-types",
      headers: host.headers,
      payload: { kind: "ONE_ON_ONE", title: "Paid", slug: "paid", duration: 30, price },
    });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors.price).toEqual([
      "Event types cannot have a price until card payments (Stripe) are set up on this server. Ask its administrator to configure Stripe.",
    ]);
    const free = await createEventType(bare, host);
    const patched = await bare.request({
      method: "PATCH",
      url: `/api/event-types/${free.id}`,
      headers: host.headers,
      payload: { price },
    });
    expect(patched.statusCode).toBe(422);
    const hook = await bare.request({
      method: "POST",
      url: "/api/payments/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=x" },
      payload: "{}",
    });
    expect(hook.statusCode).toBe(404);
  });
});

describe("cancelling a paid booking", () => {
  async function paidAndConfirmed(
    host: Host,
    start: string,
    email: string,
    policy: Record<string, unknown>,
  ) {
    const type = await createEventType(t, host, { title: "Lesson", price, ...policy });
    const answer = await bookOk(t, bookingBody(userLink(host, type), { start, email }));
    const intentId = answer.event.payment!.paymentIntent;
    stripe.confirm(intentId, SUCCEEDS);
    await webhook("payment_intent.succeeded", intentId).send();
    return { type, answer, intentId };
  }
  const cancel = (uuid: string, payload: Record<string, unknown>, headers = {}) =>
    t.request({ method: "PUT", url: `/api/event/uuid/${uuid}/cancel`, payload, headers });
  const cancelMail = async (email: string) =>
    (await bookingMailsTo(t, email)).find((m) => m.template === "bookingCancelled");
  const refundsOf = (intentId: string) =>
    stripe.refunds.filter((r) => r.payment_intent === intentId).map((r) => r.amount);

  // berlinSlot(1, "09:00") starts 27 hours after BOOKING_NOW.
  it("refunds an invitee inside the refund window, says so before and after", async () => {
    const host = await signUpHost(t);
    const { answer, intentId } = await paidAndConfirmed(host, berlinSlot(1, "09:00"), "in@x.test", {
      refundPolicy: "FULL_BEFORE",
      refundHours: 24,
    });
    const token = answer.attendee.token;
    const read = await t.request({
      method: "GET",
      url: `/api/invitee/${answer.attendee.uuid}?token=${encodeURIComponent(token)}`,
    });
    expect(read.json().invitee.payment).toEqual({
      amount: 2500,
      currency: "EUR",
      refundOnCancel: 2500,
      refunded: 0,
    });
    const anonymous = await t.request({
      method: "GET",
      url: `/api/invitee/${answer.attendee.uuid}`,
    });
    expect(anonymous.json().invitee.payment).toBeUndefined();
    const response = await cancel(answer.attendee.uuid, { token, cancellation_reason: "" });
    expect(response.statusCode, response.body).toBe(200);
    expect(await paymentRow(intentId)).toMatchObject({ status: "REFUNDED", refundedAmount: 2500 });
    // The page of the cancelled booking says what went back to the card.
    const after = await t.request({
      method: "GET",
      url: `/api/invitee/${answer.attendee.uuid}?token=${encodeURIComponent(token)}`,
    });
    expect(after.json().invitee.payment).toEqual({
      amount: 2500,
      currency: "EUR",
      refundOnCancel: 0,
      refunded: 2500,
    });
    expect((await cancelMail("in@x.test"))?.data.payment).toEqual({
      amount: 2500,
      currency: "EUR",
      refunded: 2500,
    });
    expect(await makeDueRefunds(work())).toBeGreaterThanOrEqual(1);
    expect(refundsOf(intentId)).toEqual([2500]);
  });

  it("refunds nothing to an invitee outside the refund window, and says that too", async () => {
    const host = await signUpHost(t);
    const { answer, intentId } = await paidAndConfirmed(
      host,
      berlinSlot(1, "10:00"),
      "out@x.test",
      { refundPolicy: "FULL_BEFORE", refundHours: 48 },
    );
    const token = answer.attendee.token;
    const read = await t.request({
      method: "GET",
      url: `/api/invitee/${answer.attendee.uuid}?token=${encodeURIComponent(token)}`,
    });
    expect(read.json().invitee.payment.refundOnCancel).toBe(0);
    expect((await cancel(answer.attendee.uuid, { token })).statusCode).toBe(200);
    expect(await paymentRow(intentId)).toMatchObject({ status: "PAID", refundedAmount: 0 });
    expect((await cancelMail("out@x.test"))?.data.payment?.refunded).toBe(0);
    await makeDueRefunds(work());
    expect(refundsOf(intentId)).toEqual([]);
  });

  it("refunds in full when the host cancels, whatever the policy", async () => {
    const host = await signUpHost(t);
    const { answer, intentId } = await paidAndConfirmed(
      host,
      berlinSlot(1, "13:00"),
      "host-cancelled@x.test",
      { refundPolicy: "NONE" },
    );
    const response = await cancel(answer.event.uuid, { cancellation_reason: "Ill" }, host.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(await paymentRow(intentId)).toMatchObject({ status: "REFUNDED", refundedAmount: 2500 });
    expect((await cancelMail("host-cancelled@x.test"))?.data.payment?.refunded).toBe(2500);
    await makeDueRefunds(work());
    expect(refundsOf(intentId)).toEqual([2500]);
  });

  it("keeps the payment through a reschedule: no new charge, and a later cancel refunds it", async () => {
    const host = await signUpHost(t);
    const { answer, intentId } = await paidAndConfirmed(
      host,
      berlinSlot(2, "09:00"),
      "moved@x.test",
      { refundPolicy: "FULL" },
    );
    const intentsBefore = stripe.intents.size;
    const token = answer.attendee.token;
    const moved = await t.request({
      method: "POST",
      url: "/api/event/reschedule",
      payload: {
        attendeeUuid: answer.attendee.uuid,
        token,
        start: berlinSlot(3, "11:00"),
        timezone: "Europe/Berlin",
        reason: "",
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(stripe.intents.size).toBe(intentsBefore);
    const row = await paymentRow(intentId);
    expect(row).toMatchObject({ status: "PAID", refundedAmount: 0 });
    const read = await t.request({
      method: "GET",
      url: `/api/invitee/${answer.attendee.uuid}?token=${encodeURIComponent(token)}`,
    });
    expect(read.json().invitee.payment).toEqual({
      amount: 2500,
      currency: "EUR",
      refundOnCancel: 2500,
      refunded: 0,
    });
    const rescheduledMail = (await bookingMailsTo(t, "moved@x.test")).find(
      (m) => m.template === "bookingRescheduled",
    );
    expect(rescheduledMail).toBeDefined();
    expect((await cancel(answer.attendee.uuid, { token })).statusCode).toBe(200);
    expect(await paymentRow(intentId)).toMatchObject({ status: "REFUNDED", refundedAmount: 2500 });
    await makeDueRefunds(work());
    expect(refundsOf(intentId)).toEqual([2500]);
  });

  it("keeps the refund policy on the event type, and needs the hours for FULL_BEFORE", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, {
      price,
      paymentTerms: "  No shows are not refunded.  ",
      refundPolicy: "FULL_BEFORE",
      refundHours: 12,
    });
    expect(type).toMatchObject({
      paymentTerms: "No shows are not refunded.",
      refundPolicy: "FULL_BEFORE",
      refundHours: 12,
    });
    const patched = await t.request({
      method: "PATCH",
      url: `/api/event-types/${type.id}`,
      headers: host.headers,
      payload: { refundPolicy: "NONE" },
    });
    expect(patched.json()).toMatchObject({ refundPolicy: "NONE", refundHours: null });
    const missing = await t.request({
      method: "PATCH",
      url: `/api/event-types/${type.id}`,
      headers: host.headers,
      payload: { refundPolicy: "FULL_BEFORE", refundHours: null },
    });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(["refundHours"]);
  });
});

describe("a paid type that requires approval", () => {
  async function paidRequest(host: Host, start: string, email: string) {
    const type = await createEventType(t, host, {
      title: "Review",
      price,
      requiresApproval: true,
    });
    const answer = await bookOk(t, bookingBody(userLink(host, type), { start, email }));
    expect(answer.event.status).toBe("PENDING_PAYMENT");
    const intentId = answer.event.payment!.paymentIntent;
    stripe.confirm(intentId, SUCCEEDS);
    await webhook("payment_intent.succeeded", intentId).send();
    return { answer, intentId };
  }
  const answerRequest = (host: Host, uuid: string, verb: "approve" | "decline") =>
    t.request({
      method: "POST",
      url: `/api/bookings/${uuid}/${verb}`,
      headers: host.headers,
      ...(verb === "decline" ? { payload: { reason: "Not this week" } } : {}),
    });

  it("becomes a request once paid, holding its time; approving confirms it", async () => {
    const host = await signUpHost(t);
    const { answer, intentId } = await paidRequest(host, berlinSlot(2, "14:00"), "req@x.test");
    expect((await findEvent(db, answer.event.uuid))?.status).toBe("PENDING_APPROVAL");
    expect(await paymentRow(intentId)).toMatchObject({ status: "PAID" });
    expect(await busyOf(answer.event.uuid)).toHaveLength(1);
    const toInvitee = await bookingMailsTo(t, "req@x.test");
    expect(toInvitee.map((m) => [m.template, m.data.payment])).toEqual([
      ["bookingRequested", { amount: 2500, currency: "EUR" }],
    ]);
    const toHost = await bookingMailsTo(t, host.email);
    expect(toHost.map((m) => m.template)).toEqual(["bookingRequested"]);
    expect(toHost[0]!.data.actionUrl).toMatch(/\/answer\?host=[\w-]+&sig=/);

    const approved = await answerRequest(host, answer.event.uuid, "approve");
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await findEvent(db, answer.event.uuid))?.status).toBe("CONFIRMED");
    expect((await bookingMailsTo(t, "req@x.test")).map((m) => m.template)).toEqual([
      "bookingRequested",
      "bookingConfirmed",
    ]);
    expect(await paymentRow(intentId)).toMatchObject({ status: "PAID", refundedAmount: 0 });
  });

  it("is refunded in full when the host declines it, and the mail says so", async () => {
    const host = await signUpHost(t);
    const { answer, intentId } = await paidRequest(host, berlinSlot(2, "15:00"), "no@x.test");
    const declined = await answerRequest(host, answer.event.uuid, "decline");
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await busyOf(answer.event.uuid)).toEqual([]);
    expect(await paymentRow(intentId)).toMatchObject({ status: "REFUNDED", refundedAmount: 2500 });
    const mail = (await bookingMailsTo(t, "no@x.test")).at(-1)!;
    expect(mail.template).toBe("bookingDeclined");
    expect(mail.data.payment).toEqual({ amount: 2500, currency: "EUR", refunded: 2500 });
    await makeDueRefunds(work());
    expect(
      stripe.refunds.filter((r) => r.payment_intent === intentId).map((r) => r.amount),
    ).toEqual([2500]);
  });
});

describe("the host's view of payments", () => {
  it("lists each booking's payment and lets the host refund a paid one in full", async () => {
    const host = await signUpHost(t);
    const { answer, intentId } = await paidBooking(host, berlinSlot(2, "09:00"), "list@x.test");
    const list = async () =>
      (await t.request({ method: "GET", url: "/api/bookings", headers: host.headers })).json()
        .bookings as { uuid: string; payments: unknown[] }[];
    const mine = async () => (await list()).find((b) => b.uuid === answer.event.uuid)!;
    expect((await mine()).payments).toEqual([
      {
        attendeeUuid: answer.attendee.uuid,
        status: "PENDING",
        amount: 2500,
        currency: "EUR",
        refunded: 0,
      },
    ]);
    stripe.confirm(intentId, SUCCEEDS);
    await webhook("payment_intent.succeeded", intentId).send();
    expect((await mine()).payments).toMatchObject([{ status: "PAID", refunded: 0 }]);

    const refund = (headers: Record<string, string>) =>
      t.request({
        method: "POST",
        url: `/api/bookings/${answer.event.uuid}/refund`,
        headers,
      });
    const stranger = await signUpHost(t);
    expect((await refund(stranger.headers)).statusCode).toBe(404);
    expect((await paymentRow(intentId)).status).toBe("PAID");
    const done = await refund(host.headers);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ refunded: [{ amount: 2500, currency: "EUR" }] });
    expect((await mine()).payments).toMatchObject([{ status: "REFUNDED", refunded: 2500 }]);
    // The payer hears of it, in their language, and the booking itself stands.
    const told = (await outboxMails(t)).filter(
      (m) => m.template === "paymentRefunded" && m.to.email === "list@x.test",
    );
    expect(told.map((m) => m.data)).toEqual([
      {
        name: expect.stringMatching(/^Invitee /),
        title: "Consultation",
        amount: 2500,
        currency: "EUR",
        reason: "host",
      },
    ]);
    expect((await findEvent(db, answer.event.uuid))?.status).toBe("CONFIRMED");
    const again = await refund(host.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This booking has nothing left to refund.");
    await makeDueRefunds(work());
    expect(
      stripe.refunds.filter((r) => r.payment_intent === intentId).map((r) => r.amount),
    ).toEqual([2500]);
  });
});
