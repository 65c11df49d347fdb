import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { webhookPayloadSchema } from "../../../core/api/webhooks";
import { routingFormSchema } from "../../../core/routingForms/routingFormSchema";
import { WEBHOOK_EVENTS } from "../../../core/webhooks/webhookEvents";
import { drainChanges } from "../../bookingChanges/testing/drainChanges";
import { expiredRequestSweeper } from "../../commands/expiredRequestSweeper";
import { paymentSettler } from "../../commands/paymentSettler";
import { routingFormCreator } from "../../commands/routingFormCreator";
import { routingFormSubmitter } from "../../commands/routingFormSubmitter";
import { webhookCreator } from "../../commands/webhookCreator";
import { outbox, webhookDeliveries, webhooks } from "../../db/schema";
import { ISSUE_29_HOSTS, REFUSED_HOSTS } from "../../net/testing/refusedHosts";
import { sweepExpiredHolds } from "../../payments/paymentWorker";
import { paymentGatewayOf, paymentsSetup } from "../../payments/stripeGateway";
import { bookDirectly, commandContext } from "../../test/bookingCommands";
import {
  BOOKING_NOW,
  berlinSlot,
  bookingBody,
  bookOk,
  teamEventType,
  userLink,
} from "../../test/bookingFactories";
import { createEventType, createTeam, type Host, signUpHost } from "../../test/factories";
import { DECLINED, SUCCEEDS, startStripeDouble } from "../../test/stripeDouble";
import { createTestApp } from "../../test/testApp";
import { DeliveryError, deliverWebhook } from "../../webhooks/deliverWebhook";
import { signatureValid, startWebhookReceiver } from "../../webhooks/testing/webhookReceiver";
import { deliverDueWebhooks } from "../../webhooks/webhookWorker";

const stripe = await startStripeDouble();
const receiver = await startWebhookReceiver();
afterAll(async () => {
  await stripe.stop();
  await receiver.stop();
});
const t = await createTestApp({
  stripe: stripe.config,
  bookingLimits: { perIp: 0, perEventType: 0 },
});
t.setNow(BOOKING_NOW);
const { db } = t.database;

/** The worker's clock, moved by the tests (a minute after the bookings at first). */
let workNow = new Date(BOOKING_NOW.getTime() + 60_000);
const work = {
  database: t.database,
  publicUrl: t.deps.config.publicUrl,
  clock: () => workNow,
  allowPrivate: true,
  encryptionKey: t.deps.config.encryptionKey,
};
/** Runs passes until one delivers nothing. */
async function drain() {
  await drainChanges(t);
  while ((await deliverDueWebhooks(work)) > 0) {}
}

async function subscribe(host: Host, payload: Record<string, unknown>) {
  const response = await t.request({
    method: "POST",
    url: "/api/webhooks",
    headers: host.headers,
    payload: { events: [...WEBHOOK_EVENTS], ...payload },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; secret: string; url: string };
}

const forHook = (path: string) => receiver.received.filter((r) => r.path === path);

function cancel(host: Host, uuid: string) {
  return t.request({
    method: "PUT",
    url: `/api/event/uuid/${uuid}/cancel`,
    headers: host.headers,
    payload: { cancellation_reason: "Ill" },
  });
}

async function reschedule(answer: Awaited<ReturnType<typeof bookOk>>, start: string) {
  const response = await t.request({
    method: "POST",
    url: "/api/event/reschedule",
    payload: {
      attendeeUuid: answer.attendee.uuid,
      token: answer.attendee.token,
      start,
      timezone: "Europe/Berlin",
      reason: "Clash",
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe("webhook deliveries", () => {
  it("delivers every event type once, signed, in the documented payload", async () => {
    const host = await signUpHost(t);
    const hook = await subscribe(host, { url: receiver.url("/all") });
    expect(hook.secret).toMatch(/^whsec_/);
    const type = await createEventType(t, host);

    const answer = await bookOk(
      t,
      bookingBody(userLink(host, type), { timezone: "America/New_York", answers: {} }),
    );
    await reschedule(answer, berlinSlot(1, "10:00"));
    expect((await cancel(host, answer.event.uuid)).statusCode).toBe(200);

    const paidType = await createEventType(t, host, { price: { amount: 900, currency: "EUR" } });
    const payments = { ...commandContext(t), payments: paymentsSetup(t.deps.config) };
    const context = {
      db,
      publicUrl: t.deps.config.publicUrl,
      secret: t.deps.config.sessionSecret,
      now: BOOKING_NOW,
    };
    const paid = await bookDirectly(
      t,
      userLink(host, paidType),
      { start: berlinSlot(2, "09:00") },
      payments,
    );
    stripe.confirm(paid.payment!.paymentId, SUCCEEDS);
    expect(await paymentSettler(context, { id: paid.payment!.paymentId }, "succeeded")).toBe(
      "confirmed",
    );
    const unpaid = await bookDirectly(
      t,
      userLink(host, paidType),
      { start: berlinSlot(2, "11:00") },
      payments,
    );
    expect(await paymentSettler(context, { id: unpaid.payment!.paymentId }, "failed")).toBe(
      "released",
    );

    const form = await routingFormCreator(
      db,
      host.id,
      routingFormSchema.parse({
        title: "Intake",
        slug: `hooks-${host.username}`,
        fields: [
          { id: "plan", type: "SHORT_TEXT", label: "Plan", identifier: "plan", required: true },
        ],
        routes: [{ id: "fb", isFallback: true, action: { type: "MESSAGE", message: "Thanks" } }],
      }),
    );
    await routingFormSubmitter(
      db,
      form,
      { answers: { plan: "Pro" }, timeZone: "Europe/Berlin", utm: {} },
      BOOKING_NOW,
    );
    const ping = await t.request({
      method: "POST",
      url: `/api/webhooks/${hook.id}/ping`,
      headers: host.headers,
    });
    expect(ping.statusCode, ping.body).toBe(202);

    await drain();
    const got = forHook("/all");
    expect(got.map((r) => r.json.type).sort()).toEqual(
      [
        "booking.created",
        "booking.rescheduled",
        "booking.cancelled",
        "booking.created",
        "booking.paid",
        "booking.payment_failed",
        "routing_form.submitted",
        "ping",
      ].sort(),
    );
    for (const delivery of got) {
      expect(signatureValid(hook.secret, delivery.headers, delivery.body), delivery.body).toBe(
        true,
      );
      expect(delivery.headers["slotted-event-id"]).toBe(delivery.json.id);
      expect(delivery.headers["slotted-event"]).toBe(delivery.json.type);
      expect(webhookPayloadSchema.safeParse(delivery.json).error).toBeUndefined();
    }
    // Deliveries keep their order per booking, not across bookings: find this booking's.
    const created = got.find(
      (r) =>
        r.json.type === "booking.created" &&
        (r.json.data.booking as { uuid: string }).uuid === answer.event.uuid,
    )!.json.data.booking;
    expect(created).toMatchObject({
      uuid: answer.event.uuid,
      start: berlinSlot(0, "09:00"),
      timeZone: "America/New_York",
      startLocal: "2027-01-04T03:00:00-05:00",
      eventType: { id: type.id, slug: type.slug },
      hosts: [{ id: host.id }],
      attendees: [{ uuid: answer.attendee.uuid }],
    });
    const rescheduled = got.find((r) => r.json.type === "booking.rescheduled")!.json.data.booking;
    expect(rescheduled).toMatchObject({
      start: berlinSlot(1, "10:00"),
      rescheduledFrom: { start: berlinSlot(0, "09:00") },
      rescheduleReason: "Clash",
    });
    const paidOne = got.find((r) => r.json.type === "booking.paid")!.json.data.booking;
    expect(paidOne).toMatchObject({
      status: "CONFIRMED",
      payment: { amount: 900, currency: "EUR", status: "PAID" },
    });
    const failed = got.find((r) => r.json.type === "booking.payment_failed")!.json.data.booking;
    expect(failed).toMatchObject({ payment: { status: "FAILED" } });
    const submitted = got.find((r) => r.json.type === "routing_form.submitted")!.json.data;
    expect(submitted).toMatchObject({
      formResponse: { answers: { plan: "Pro" }, route: { id: "fb" } },
    });

    // The log shows each with its answer; a second drain sends nothing again.
    await drain();
    expect(forHook("/all")).toHaveLength(8);
    const log = await t.request({
      method: "GET",
      url: `/api/webhooks/${hook.id}/deliveries`,
      headers: host.headers,
    });
    expect(log.statusCode, log.body).toBe(200);
    const deliveries = log.json().deliveries;
    expect(deliveries).toHaveLength(8);
    expect(deliveries[0]).toMatchObject({
      status: "delivered",
      responseStatus: 200,
      responseExcerpt: "thanks",
      attempts: 1,
    });

    // Resend: the same event id, a new delivery id.
    const first = deliveries.find((d: { event: string }) => d.event === "booking.created");
    const resent = await t.request({
      method: "POST",
      url: `/api/webhooks/${hook.id}/deliveries/${first.id}/resend`,
      headers: host.headers,
    });
    expect(resent.statusCode, resent.body).toBe(202);
    await drain();
    const again = forHook("/all").at(-1)!;
    expect(again.json.id).toBe(first.eventId);
    expect(again.headers["slotted-delivery-id"]).toBe(resent.json().id);
    expect(signatureValid(hook.secret, again.headers, again.body)).toBe(true);
  });

  it("announces booking.payment_failed on every path the docs name: declined, given up, failed or cancelled at Stripe, expired", async () => {
    const host = await signUpHost(t);
    await subscribe(host, { url: receiver.url("/unpaid"), events: ["booking.payment_failed"] });
    const type = await createEventType(t, host, { price: { amount: 700, currency: "EUR" } });
    const book = async (time: string) => {
      const answer = await bookOk(
        t,
        bookingBody(userLink(host, type), { start: berlinSlot(3, time) }),
      );
      return { answer, intent: answer.event.payment!.paymentIntent };
    };
    const takeBack = (answer: Awaited<ReturnType<typeof bookOk>>, intent: string) =>
      t.request({
        method: "DELETE",
        url: `/api/event/${host.username}/${type.slug}/${answer.event.uuid}?token=${encodeURIComponent(answer.attendee.token)}&payment_intent=${intent}`,
      });
    const stripeSays = async (kind: string, intent: string) => {
      const signed = stripe.webhook(kind, intent, {
        timestamp: Math.floor(t.deps.clock().getTime() / 1000),
      });
      const response = await t.request({
        method: "POST",
        url: "/api/payments/stripe/webhook",
        headers: { "content-type": "application/json", "stripe-signature": signed.signature },
        payload: signed.body,
      });
      expect(response.statusCode, response.body).toBe(200);
    };

    // The card is declined and the invitee's page takes the booking back.
    const declined = await book("09:00");
    stripe.confirm(declined.intent, DECLINED);
    expect((await takeBack(declined.answer, declined.intent)).statusCode).toBe(204);
    // The invitee gives the held time up without paying.
    const givenUp = await book("10:00");
    expect((await takeBack(givenUp.answer, givenUp.intent)).statusCode).toBe(204);
    // Stripe tells of a failed and of a cancelled payment.
    const failed = await book("11:00");
    stripe.confirm(failed.intent, DECLINED);
    await stripeSays("payment_intent.payment_failed", failed.intent);
    const cancelled = await book("12:00");
    await stripeSays("payment_intent.canceled", cancelled.intent);
    // The hold runs out.
    const expired = await book("13:00");
    const later = new Date(BOOKING_NOW.getTime() + 16 * 60_000);
    expect(
      await sweepExpiredHolds({
        database: t.database,
        gateway: paymentGatewayOf(t.deps.config)!,
        publicUrl: t.deps.config.publicUrl,
        secret: t.deps.config.sessionSecret,
        clock: () => later,
      }),
    ).toBeGreaterThanOrEqual(1);

    // The sweep's change is stamped at its own, later, time: derive and deliver as of then.
    const before = workNow;
    t.setNow(later);
    workNow = new Date(later.getTime() + 60_000);
    try {
      await drain();
    } finally {
      t.setNow(BOOKING_NOW);
      workNow = before;
    }
    const told = new Map(
      forHook("/unpaid").map((r) => {
        const booking = r.json.data.booking as { uuid: string; payment: { status: string } };
        expect(r.json.type).toBe("booking.payment_failed");
        return [booking.uuid, booking.payment.status];
      }),
    );
    expect(told).toEqual(
      new Map([
        [declined.answer.event.uuid, "FAILED"],
        [givenUp.answer.event.uuid, "CANCELLED"],
        [failed.answer.event.uuid, "FAILED"],
        [cancelled.answer.event.uuid, "CANCELLED"],
        [expired.answer.event.uuid, "EXPIRED"],
      ]),
    );
    expect(forHook("/unpaid")).toHaveLength(5);
  });

  it("announces a round-robin handover as booking.reassigned, and a declined or expired request as booking.cancelled", async () => {
    const a = await signUpHost(t);
    const b = await signUpHost(t);
    const team = await teamEventType(t, "ROUND_ROBIN", [a, b]);
    const hooks = {
      [a.id]: await subscribe(a, { url: receiver.url(`/handover-${a.id}`) }),
      [b.id]: await subscribe(b, { url: receiver.url(`/handover-${b.id}`) }),
    };
    const booked = await bookOk(
      t,
      bookingBody({ sharedLink: team.sharedLink }, { start: berlinSlot(4, "09:00") }),
    );
    const holderName = booked.event.hosts[0]!.username;
    const [holder, other] = holderName === a.username ? [a, b] : [b, a];
    const handed = await t.request({
      method: "POST",
      url: `/api/reschedule/round-robin/${booked.event.uuid}`,
      headers: holder.headers,
      payload: { hostId: other.id },
    });
    expect(handed.statusCode, handed.body).toBe(200);

    // Requests of the host's own event type: one declined, one left to expire.
    const own = await subscribe(a, { url: receiver.url("/requests") });
    const type = await createEventType(t, a, { requiresApproval: true });
    const declined = await bookOk(
      t,
      bookingBody(userLink(a, type), { start: berlinSlot(4, "13:00") }),
    );
    const expiring = await bookOk(
      t,
      bookingBody(userLink(a, type), { start: berlinSlot(0, "15:00") }),
    );
    const decline = await t.request({
      method: "POST",
      url: `/api/bookings/${declined.event.uuid}/decline`,
      headers: a.headers,
      payload: { reason: "Away that day" },
    });
    expect(decline.statusCode, decline.body).toBe(200);
    await expiredRequestSweeper(db, {
      publicUrl: t.deps.config.publicUrl,
      now: new Date(berlinSlot(0, "15:00")),
    });

    // The expiry is written at its own time, later than the bookings'.
    const workedAt = workNow;
    workNow = new Date(Date.parse(berlinSlot(0, "15:00")) + 60_000);
    await drain();
    workNow = workedAt;
    // The host who had it and the one who has it now both hear of the handover.
    const heard = (host: Host) =>
      forHook(`/handover-${host.id}`).filter(
        (r) => (r.json.data.booking as { uuid: string }).uuid === booked.event.uuid,
      );
    expect(heard(holder).map((r) => r.json.type)).toEqual([
      "booking.created",
      "booking.reassigned",
    ]);
    expect(heard(other).map((r) => r.json.type)).toEqual(["booking.reassigned"]);
    for (const host of [holder, other]) {
      const reassigned = heard(host).at(-1)!;
      expect(signatureValid(hooks[host.id]!.secret, reassigned.headers, reassigned.body)).toBe(
        true,
      );
      expect(webhookPayloadSchema.safeParse(reassigned.json).error).toBeUndefined();
      expect(reassigned.json.data.booking).toMatchObject({
        start: berlinSlot(4, "09:00"),
        hosts: [{ id: other.id }],
        reassignedFrom: { hosts: [{ id: holder.id }] },
        requestRefused: null,
      });
    }

    const refused = forHook("/requests");
    expect(refused.map((r) => r.json.type)).toEqual(["booking.cancelled", "booking.cancelled"]);
    for (const r of refused) {
      expect(signatureValid(own.secret, r.headers, r.body)).toBe(true);
      expect(webhookPayloadSchema.safeParse(r.json).error).toBeUndefined();
    }
    const byUuid = (uuid: string) =>
      refused.find((r) => (r.json.data.booking as { uuid: string }).uuid === uuid)!.json.data
        .booking;
    expect(byUuid(declined.event.uuid)).toMatchObject({
      status: "CANCELLED",
      requestRefused: "declined",
      cancellationReason: "Away that day",
      attendees: [{ uuid: declined.attendee.uuid, status: "CANCELLED" }],
    });
    expect(byUuid(expiring.event.uuid)).toMatchObject({
      status: "CANCELLED",
      requestRefused: "expired",
    });
  });

  it("keeps every event while the receiver is down, then delivers each once, in order per booking", async () => {
    const host = await signUpHost(t);
    await subscribe(host, { url: receiver.url("/later") });
    const type = await createEventType(t, host);
    await receiver.down();
    try {
      const a = await bookOk(
        t,
        bookingBody(userLink(host, type), { start: berlinSlot(3, "09:00") }),
      );
      const b = await bookOk(
        t,
        bookingBody(userLink(host, type), { start: berlinSlot(3, "11:00") }),
      );
      await reschedule(a, berlinSlot(3, "13:00"));
      await reschedule(a, berlinSlot(3, "14:00"));
      expect((await cancel(host, a.event.uuid)).statusCode).toBe(200);
      expect((await cancel(host, b.event.uuid)).statusCode).toBe(200);
      for (let i = 0; i < 3; i++) {
        await drain();
        workNow = new Date(workNow.getTime() + 5 * 60_000);
      }
    } finally {
      await receiver.up();
    }
    expect(forHook("/later")).toHaveLength(0);
    for (let i = 0; i < 12; i++) {
      workNow = new Date(workNow.getTime() + 3_600_000);
      await drain();
    }
    const got = forHook("/later");
    expect(got).toHaveLength(6);
    expect(new Set(got.map((r) => r.json.id)).size).toBe(6);
    const byBooking = (uuid: string) =>
      got
        .filter((r) => (r.json.data.booking as { uuid: string }).uuid === uuid)
        .map((r) => r.json.type);
    const [first] = got.filter((r) => r.json.type === "booking.created");
    const aUuid = (first!.json.data.booking as { uuid: string }).uuid;
    const uuids = [...new Set(got.map((r) => (r.json.data.booking as { uuid: string }).uuid))];
    expect(uuids).toHaveLength(2);
    for (const uuid of uuids) {
      const types = byBooking(uuid);
      expect(types[0]).toBe("booking.created");
      expect(types.at(-1)).toBe("booking.cancelled");
    }
    expect(byBooking(aUuid).length + byBooking(uuids.find((u) => u !== aUuid)!).length).toBe(6);
    const reschedules = got.filter((r) => r.json.type === "booking.rescheduled");
    expect(reschedules.map((r) => (r.json.data.booking as { start: string }).start)).toEqual([
      berlinSlot(3, "13:00"),
      berlinSlot(3, "14:00"),
    ]);
  });

  it("pauses a subscription whose receiver answers 410, and mails its owner", async () => {
    const host = await signUpHost(t);
    const hook = await subscribe(host, { url: receiver.url("/gone/1") });
    const type = await createEventType(t, host);
    await bookOk(t, bookingBody(userLink(host, type), { start: berlinSlot(4, "09:00") }));
    await drain();
    const [row] = await db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(row).toMatchObject({ active: false, pausedReason: "gone" });
    const mails = await db.select().from(outbox).where(eq(outbox.kind, "mail"));
    const paused = mails.filter((m) => m.payload.template === "webhookPaused");
    expect(paused.map((m) => (m.payload.to as { email: string }).email)).toContain(host.email);

    // Paused: later bookings are not announced to it.
    await bookOk(t, bookingBody(userLink(host, type), { start: berlinSlot(4, "11:00") }));
    await drain();
    expect(forHook("/gone/1")).toHaveLength(1);
    const shown = await t.request({
      method: "GET",
      url: `/api/webhooks/${hook.id}`,
      headers: host.headers,
    });
    expect(shown.json()).toMatchObject({ active: false, pausedReason: "gone" });
    expect(shown.json().secret).toBeUndefined();
  });

  it("gives up on a delivery after 24 hours of failures and pauses the subscription", async () => {
    const host = await signUpHost(t);
    const hook = await subscribe(host, { url: "http://127.0.0.1:9/closed" });
    const type = await createEventType(t, host);
    await bookOk(t, bookingBody(userLink(host, type), { start: berlinSlot(7, "09:00") }));
    const start = workNow;
    await drain();
    workNow = new Date(BOOKING_NOW.getTime() + 25 * 3_600_000);
    await drain();
    workNow = start;
    const [row] = await db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(row).toMatchObject({ active: false, pausedReason: "failing" });
    const log = (
      await t.request({
        method: "GET",
        url: `/api/webhooks/${hook.id}/deliveries`,
        headers: host.headers,
      })
    ).json();
    expect(log.deliveries[0]).toMatchObject({
      status: "failed",
      attempts: 2,
      responseStatus: null,
    });
    expect(log.deliveries[0].error).toBeTruthy();
  });
});

describe("webhook subscriptions", () => {
  it("creates, lists, changes, rotates and deletes; the secret is shown only at creation and rotation", async () => {
    const host = await signUpHost(t);
    const hook = await subscribe(host, {
      url: receiver.url("/crud"),
      events: ["booking.created", "ping", "booking.created"],
    });
    const list = (
      await t.request({ method: "GET", url: "/api/webhooks", headers: host.headers })
    ).json();
    expect(list.webhooks).toEqual([
      expect.objectContaining({ id: hook.id, events: ["booking.created", "ping"], active: true }),
    ]);
    expect(JSON.stringify(list)).not.toContain(hook.secret);

    const paused = await t.request({
      method: "PATCH",
      url: `/api/webhooks/${hook.id}`,
      headers: host.headers,
      payload: { active: false },
    });
    expect(paused.json()).toMatchObject({ active: false, pausedReason: null });
    expect(paused.json().secret).toBeUndefined();
    const rotated = await t.request({
      method: "PATCH",
      url: `/api/webhooks/${hook.id}`,
      headers: host.headers,
      payload: { rotateSecret: true },
    });
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(hook.secret);

    const bad = await t.request({
      method: "PATCH",
      url: `/api/webhooks/${hook.id}`,
      headers: host.headers,
      payload: { events: [] },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.events).toBeDefined();

    const deleted = await t.request({
      method: "DELETE",
      url: `/api/webhooks/${hook.id}`,
      headers: host.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      (await t.request({ method: "GET", url: `/api/webhooks/${hook.id}`, headers: host.headers }))
        .statusCode,
    ).toBe(404);
  });

  it("hides a subscription from another host and a team's from its plain members", async () => {
    const owner = await signUpHost(t);
    const other = await signUpHost(t);
    const member = await signUpHost(t);
    const hook = await subscribe(owner, { url: receiver.url("/mine") });
    const team = await createTeam(t, owner, [member]);
    const teamHook = await subscribe(owner, { url: receiver.url("/team"), teamId: team.id });
    expect(
      (
        await t.request({
          method: "GET",
          url: `/api/webhooks/${teamHook.id}`,
          headers: owner.headers,
        })
      ).statusCode,
    ).toBe(200);

    for (const [who, id] of [
      [other, hook.id],
      [member, hook.id],
      [other, teamHook.id],
      [member, teamHook.id],
    ] as const) {
      for (const [method, url, payload] of [
        ["GET", `/api/webhooks/${id}`, undefined],
        ["PATCH", `/api/webhooks/${id}`, { active: false }],
        ["DELETE", `/api/webhooks/${id}`, undefined],
        ["GET", `/api/webhooks/${id}/deliveries`, undefined],
        ["POST", `/api/webhooks/${id}/ping`, undefined],
        ["POST", `/api/webhooks/${id}/deliveries/${id}/resend`, undefined],
      ] as const) {
        const response = await t.request({ method, url, headers: who.headers, payload });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    const theirs = (
      await t.request({ method: "GET", url: "/api/webhooks", headers: other.headers })
    ).json();
    expect(theirs.webhooks).toEqual([]);
    const plain = await t.request({
      method: "POST",
      url: "/api/webhooks",
      headers: member.headers,
      payload: { url: receiver.url("/x"), events: ["ping"], teamId: team.id },
    });
    expect(plain.statusCode).toBe(403);
    const [row] = await db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(row?.active).toBe(true);
  });
});

describe("private addresses without WEBHOOK_ALLOW_PRIVATE", async () => {
  const strict = await createTestApp({ webhookAllowPrivate: false });
  strict.setNow(BOOKING_NOW);
  const REFUSED = "This address points into a private network. Use a public address.";
  const port = new URL(receiver.url("/x")).port;

  it("refuses a target on loopback, a private network or link-local with a field message", async () => {
    const host = await signUpHost(strict);
    for (const url of [
      receiver.url("/x"),
      "http://localhost:8080/hook",
      ...REFUSED_HOSTS.map((h) => `http://${h}:${port}/hook`),
    ]) {
      const response = await strict.request({
        method: "POST",
        url: "/api/webhooks",
        headers: host.headers,
        payload: { url, events: ["ping"] },
      });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors.url, url).toEqual([REFUSED]);
    }
    const rows = await strict.database.db.select().from(webhooks);
    expect(rows).toEqual([]);
  });

  it("refuses the same targets when a subscription's URL is changed", async () => {
    const host = await signUpHost(strict);
    const hook = await webhookCreator(
      strict.database.db,
      host.id,
      { url: "http://93.184.216.34/hook", events: ["ping"], teamId: null, active: true },
      { allowPrivate: false, encryptionKey: strict.deps.config.encryptionKey, now: BOOKING_NOW },
    );
    for (const h of REFUSED_HOSTS) {
      const url = `http://${h}:${port}/hook`;
      const response = await strict.request({
        method: "PATCH",
        url: `/api/webhooks/${hook.id}`,
        headers: host.headers,
        payload: { url },
      });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors.url, url).toEqual([REFUSED]);
    }
    const [row] = await strict.database.db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(row?.url).toBe("http://93.184.216.34/hook");
  });

  it("refuses to connect to a name that resolves to a private address when delivering", async () => {
    const before = receiver.received.length;
    const refused = deliverWebhook(
      receiver.url("/x").replace("127.0.0.1", "localhost"),
      {},
      "{}",
      false,
    );
    await expect(refused).rejects.toBeInstanceOf(DeliveryError);
    await expect(refused).rejects.toThrow(/private/);
    await expect(deliverWebhook(receiver.url("/x"), {}, "{}", false)).rejects.toThrow(/private/);
    for (const h of REFUSED_HOSTS) {
      const url = `http://${h}:${port}/x`;
      await expect(deliverWebhook(url, {}, "{}", false), url).rejects.toThrow(/private/);
    }
    expect(receiver.received.length).toBe(before);
  });

  it("refuses a test ping to a paused subscription saved before the check knew its address", async () => {
    const host = await signUpHost(strict);
    const before = receiver.received.length;
    // As a row written while WEBHOOK_ALLOW_PRIVATE was on, or before issue #29's forms were known.
    const hooks = [];
    for (const h of ISSUE_29_HOSTS) {
      hooks.push(
        await webhookCreator(
          strict.database.db,
          host.id,
          { url: `http://${h}:${port}/x`, events: ["ping"], teamId: null, active: false },
          { allowPrivate: true, encryptionKey: strict.deps.config.encryptionKey, now: BOOKING_NOW },
        ),
      );
    }
    for (const hook of hooks) {
      const ping = await strict.request({
        method: "POST",
        url: `/api/webhooks/${hook.id}/ping`,
        headers: host.headers,
      });
      expect(ping.statusCode, ping.body).toBe(202);
    }
    const delivered = await deliverDueWebhooks({
      database: strict.database,
      publicUrl: strict.deps.config.publicUrl,
      clock: () => new Date(BOOKING_NOW.getTime() + 60_000),
      allowPrivate: false,
      encryptionKey: strict.deps.config.encryptionKey,
    });
    expect(delivered).toBe(0);
    for (const hook of hooks) {
      const log = await strict.request({
        method: "GET",
        url: `/api/webhooks/${hook.id}/deliveries`,
        headers: host.headers,
      });
      expect(log.json().deliveries, hook.url).toEqual([
        expect.objectContaining({ event: "ping", responseStatus: null }),
      ]);
      const [row] = await strict.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, hook.id));
      expect(row?.error, hook.url).toMatch(/is a private address/);
    }
    expect(receiver.received.length).toBe(before);
  });
});
