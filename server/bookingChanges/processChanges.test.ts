import { asc, eq, isNull, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { bookingApprover } from "../commands/bookingApprover";
import { bookingRescheduler } from "../commands/bookingRescheduler";
import { eventCanceller } from "../commands/eventCanceller";
import { expiredRequestSweeper } from "../commands/expiredRequestSweeper";
import { paymentRefunder } from "../commands/paymentRefunder";
import { paymentSettler } from "../commands/paymentSettler";
import { roundRobinReassigner } from "../commands/roundRobinReassigner";
import { bookingChanges, outbox, payments, webhookDeliveries } from "../db/schema";
import { paymentsSetup } from "../payments/stripeGateway";
import { bookDirectly, commandContext, resolvedEvent } from "../test/bookingCommands";
import { BOOKING_NOW, berlinSlot, teamEventType, userLink } from "../test/bookingFactories";
import { createEventType, type Host, signUpHost } from "../test/factories";
import { SUCCEEDS, startStripeDouble } from "../test/stripeDouble";
import { createTestApp } from "../test/testApp";
import { deriveEffects, processChanges } from "./processChanges";
import { drainChanges } from "./testing/drainChanges";
import { equipHost } from "./testing/equipHost";

const stripe = await startStripeDouble();
afterAll(() => stripe.stop());
const t = await createTestApp({
  stripe: stripe.config,
  bookingLimits: { perIp: 0, perEventType: 0 },
});
t.setNow(BOOKING_NOW);
const db = t.database.db;
const settings = {
  publicUrl: t.deps.config.publicUrl,
  secret: t.deps.config.sessionSecret,
  clock: t.deps.clock,
};

/** Gives a host a write calendar and a subscription to every webhook event. */
const equip = (host: Host) => equipHost(t, host);

/** A host with a write calendar and a subscription to every webhook event, and an event type. */
async function hostWithEverything(overrides: Record<string, unknown> = {}) {
  const host = await signUpHost(t);
  await equip(host);
  const type = await createEventType(t, host, {
    reminders: [{ minutesBefore: 60, to: "invitee" }],
    ...overrides,
  });
  return { host, type };
}

/** Every effect row of one meeting: mails due now (template, role), reminders, webhooks, calendar jobs. */
async function effectsOf(eventId: string) {
  const rows = await db.select().from(outbox).orderBy(asc(outbox.id));
  const about = (payload: Record<string, unknown>) =>
    (payload.data as { uid?: string } | undefined)?.uid === `${eventId}@slotted` ||
    payload.eventId === eventId;
  const deliveries = await db
    .select({ event: webhookDeliveries.event, body: webhookDeliveries.body })
    .from(webhookDeliveries)
    .orderBy(asc(webhookDeliveries.seq));
  return {
    mails: rows
      .filter((r) => r.kind === "mail" && r.purpose === null && about(r.payload))
      .map((r) => `${r.payload.template}:${(r.payload.data as { role: string }).role}`),
    reminders: rows
      .filter((r) => r.purpose !== null && r.eventId === eventId && r.status === "pending")
      .map((r) => r.nextAttemptAt.toISOString()),
    webhooks: deliveries
      .filter((d) => JSON.parse(d.body).data.booking.uuid === eventId)
      .map((d) => d.event),
    calendar: rows.filter((r) => r.kind === "calendar" && about(r.payload)).length,
  };
}

const unprocessed = () =>
  db.select().from(bookingChanges).where(isNull(bookingChanges.processedAt));

const NOTHING = { mails: [], reminders: [], webhooks: [], calendar: 0 };

type Effects = Awaited<ReturnType<typeof effectsOf>>;

/** What a change derived: the mails, deliveries and calendar jobs added since `before`, the reminders now. */
function since(before: Effects, after: Effects): Effects {
  return {
    mails: after.mails.slice(before.mails.length),
    reminders: after.reminders,
    webhooks: after.webhooks.slice(before.webhooks.length),
    calendar: after.calendar - before.calendar,
  };
}

/** The refunds queued for a meeting's payments, and the refund mails their payers got. */
async function refundsOf(eventId: string) {
  const paid = await db.select().from(payments).where(eq(payments.eventId, eventId));
  const ids = paid.map((p) => p.id);
  const payers = paid.map((p) => p.payerEmail);
  const rows = await db.select().from(outbox).orderBy(asc(outbox.id));
  return {
    refunds: rows
      .filter((r) => r.kind === "refund" && ids.includes(r.payload.paymentId as string))
      .map((r) => [r.payload.amount, r.payload.key]),
    told: rows
      .filter(
        (r) =>
          r.kind === "mail" &&
          r.payload.template === "paymentRefunded" &&
          payers.includes((r.payload.to as { email: string }).email),
      )
      .map((r) => `${r.payload.template}:${(r.payload.data as { reason: string }).reason}`),
  };
}

/** The body of the one delivery of `event` about a meeting. */
async function deliveryOf(eventId: string, event: string) {
  const rows = await db
    .select({ body: webhookDeliveries.body })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.event, event));
  const bodies = rows
    .map((row) => JSON.parse(row.body))
    .filter((body) => body.data.booking.uuid === eventId);
  expect(bodies).toHaveLength(1);
  return bodies[0].data.booking;
}

/** The data of the mails of `template` about a meeting. */
async function mailsAbout(eventId: string, template: string) {
  const rows = await db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(sql`${outbox.payload}->>'template' = ${template}
      and ${outbox.payload}->'data'->>'uid' = ${`${eventId}@slotted`}`);
  return rows.map((row) => row.payload.data as Record<string, unknown>);
}

/** A booking request, its effects derived: neither announced, reminded of nor in a calendar. */
async function requested(start: string) {
  const { host, type } = await hostWithEverything({ requiresApproval: true });
  const { event } = await bookDirectly(t, userLink(host, type), { start });
  await drainChanges(t);
  const asked = await effectsOf(event.id);
  expect(asked).toMatchObject({ reminders: [], webhooks: [], calendar: 0 });
  return { host, event, asked };
}

/** A refused request's effects: its invitee alone told (`told` in the mail), announced cancelled. */
async function expectRefused(
  eventId: string,
  asked: Effects,
  refused: "declined" | "expired",
  told: Record<string, unknown>,
) {
  expect(since(asked, await effectsOf(eventId))).toEqual({
    mails: ["bookingDeclined:invitee"],
    reminders: [],
    webhooks: ["booking.cancelled"],
    calendar: 0,
  });
  expect(await deliveryOf(eventId, "booking.cancelled")).toMatchObject({
    requestRefused: refused,
  });
  expect(await mailsAbout(eventId, "bookingDeclined")).toMatchObject([told]);
  expect(await refundsOf(eventId)).toEqual({ refunds: [], told: [] });
}

const hourBefore = (start: string) => new Date(Date.parse(start) - 3_600_000).toISOString();

const settle = {
  db,
  publicUrl: t.deps.config.publicUrl,
  secret: t.deps.config.sessionSecret,
  now: BOOKING_NOW,
};

/** A booking of a paid event type awaiting its payment, its effects derived (none yet). */
async function awaitingPayment(start: string) {
  const { host, type } = await hostWithEverything({ price: { amount: 2500, currency: "EUR" } });
  const booked = await bookDirectly(
    t,
    userLink(host, type),
    { start },
    { ...commandContext(t), payments: paymentsSetup(t.deps.config) },
  );
  expect(booked.event.status).toBe("PENDING_PAYMENT");
  await drainChanges(t);
  // A booking awaiting payment says nothing yet: it may never happen.
  expect(await effectsOf(booked.event.id)).toEqual(NOTHING);
  return { host, event: booked.event, intent: booked.payment!.paymentId };
}

describe("booking changes and their processors", () => {
  it("created: the command writes one change row and nothing else; the worker derives its effects once", async () => {
    const { host, type } = await hostWithEverything();
    const { event } = await bookDirectly(t, userLink(host, type), {
      start: berlinSlot(1, "09:00"),
      guests: ["guest@example.com"],
    });
    expect(await effectsOf(event.id)).toEqual(NOTHING);
    const changes = await unprocessed();
    expect(changes.map((c) => [c.kind, c.eventId])).toEqual([["created", event.id]]);

    expect(await drainChanges(t)).toBe(1);
    const derived = await effectsOf(event.id);
    expect(derived).toEqual({
      mails: ["bookingConfirmed:invitee", "bookingConfirmed:guest", "bookingConfirmed:host"],
      // One hour before, to the invitee and their guest.
      reminders: [
        new Date(Date.parse(berlinSlot(1, "09:00")) - 3_600_000).toISOString(),
        new Date(Date.parse(berlinSlot(1, "09:00")) - 3_600_000).toISOString(),
      ],
      webhooks: ["booking.created"],
      calendar: 1,
    });
    // Processed: a second pass derives nothing more.
    expect(await drainChanges(t)).toBe(0);
    expect(await effectsOf(event.id)).toEqual(derived);
  });

  it("cancelled: mails everyone, drops the reminders, announces it and takes it out of the calendar", async () => {
    const { host, type } = await hostWithEverything();
    const { event } = await bookDirectly(t, userLink(host, type), {
      start: berlinSlot(1, "11:00"),
      guests: ["guest@example.com"],
    });
    await drainChanges(t);
    const booked = await effectsOf(event.id);

    await eventCanceller(commandContext(t), host.id, event.id, "Ill");
    expect(await effectsOf(event.id)).toEqual(booked);
    expect((await unprocessed()).map((c) => c.kind)).toEqual(["cancelled"]);

    expect(await drainChanges(t)).toBe(1);
    const derived = await effectsOf(event.id);
    expect(derived).toEqual({
      mails: [
        ...booked.mails,
        "bookingCancelled:invitee",
        "bookingCancelled:guest",
        "bookingCancelled:host",
      ],
      reminders: [],
      webhooks: ["booking.created", "booking.cancelled"],
      calendar: 2,
    });
    expect(await drainChanges(t)).toBe(0);
    expect(await effectsOf(event.id)).toEqual(derived);
  });

  it("rescheduled: mails the new time, moves the reminders, announces it and rewrites the calendar", async () => {
    const { host, type } = await hostWithEverything();
    const { event } = await bookDirectly(t, userLink(host, type), {
      start: berlinSlot(1, "13:00"),
    });
    await drainChanges(t);
    const booked = await effectsOf(event.id);

    const resolved = await resolvedEvent(t, { eventUuid: event.id });
    const start = Date.parse(berlinSlot(2, "15:00"));
    await bookingRescheduler(
      commandContext(t),
      resolved,
      { kind: "host", userId: host.id },
      { start, timeZone: "UTC", reason: "Clash" },
    );
    expect(await effectsOf(event.id)).toEqual(booked);

    expect(await drainChanges(t)).toBe(1);
    const derived = await effectsOf(event.id);
    expect(derived).toEqual({
      mails: [...booked.mails, "bookingRescheduled:invitee", "bookingRescheduled:host"],
      reminders: [new Date(start - 3_600_000).toISOString()],
      webhooks: ["booking.created", "booking.rescheduled"],
      calendar: 2,
    });
    const [moved] = await db
      .select({ body: webhookDeliveries.body })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.event, "booking.rescheduled"));
    expect(JSON.parse(moved!.body).data.booking.rescheduledFrom).toMatchObject({
      start: new Date(berlinSlot(1, "13:00")).toISOString(),
    });
    expect(await drainChanges(t)).toBe(0);
    expect(await effectsOf(event.id)).toEqual(derived);
  });

  it("derives nothing twice when a process dies after claiming a change, before its commit", async () => {
    const { host, type } = await hostWithEverything();
    const { event } = await bookDirectly(t, userLink(host, type), {
      start: berlinSlot(3, "09:00"),
    });
    // The process claims the change and writes every effect, then dies before committing.
    await expect(
      db.transaction(async (tx) => {
        const [claimed] = await tx
          .select()
          .from(bookingChanges)
          .where(isNull(bookingChanges.processedAt))
          .for("update", { skipLocked: true });
        await deriveEffects(tx, claimed!, settings);
        expect((await tx.select().from(outbox).where(eq(outbox.eventId, event.id))).length).toBe(1);
        throw new Error("killed");
      }),
    ).rejects.toThrow("killed");
    expect(await effectsOf(event.id)).toEqual(NOTHING);
    expect(await unprocessed()).toHaveLength(1);

    // The next process (two at once) derives it once.
    const counts = await Promise.all([processChanges(db, settings), processChanges(db, settings)]);
    expect(counts[0]! + counts[1]!).toBe(1);
    const derived = await effectsOf(event.id);
    expect(derived.mails).toEqual(["bookingConfirmed:invitee", "bookingConfirmed:host"]);
    expect(derived.reminders).toHaveLength(1);
    expect(derived.webhooks).toEqual(["booking.created"]);
    expect(derived.calendar).toBe(1);
  });

  it("keeps a meeting's changes in order: a later one waits while an earlier one is held", async () => {
    const { host, type } = await hostWithEverything();
    const { event } = await bookDirectly(t, userLink(host, type), {
      start: berlinSlot(3, "11:00"),
    });
    await eventCanceller(commandContext(t), host.id, event.id, "");
    const [created] = await unprocessed();
    // While another process holds the created change, the cancellation is not taken before it.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select id from booking_changes where id = ${created!.id} for update`);
      if (t.database.engine === "postgres") expect(await processChanges(db, settings)).toBe(0);
    });
    expect(await drainChanges(t)).toBe(2);
    // Cancelled after it was created: no reminder is left.
    expect((await effectsOf(event.id)).reminders).toEqual([]);
  });
});

describe("every other kind of change, derived by the processors", () => {
  it("approved: confirms the request to everyone, schedules its reminders, announces it and writes the calendar", async () => {
    const start = berlinSlot(4, "09:00");
    const { host, event, asked } = await requested(start);

    await bookingApprover(commandContext(t), { userId: host.id }, event.id, { approve: true });
    expect(await effectsOf(event.id)).toEqual(asked);
    expect((await unprocessed()).map((c) => [c.kind, c.actor])).toEqual([["approved", host.id]]);
    expect(await drainChanges(t)).toBe(1);
    expect(since(asked, await effectsOf(event.id))).toEqual({
      mails: ["bookingConfirmed:invitee", "bookingConfirmed:host"],
      reminders: [hourBefore(start)],
      webhooks: ["booking.created"],
      calendar: 1,
    });
    expect(await refundsOf(event.id)).toEqual({ refunds: [], told: [] });
  });

  it("declined: tells the invitee alone, with the reason, and announces the request cancelled", async () => {
    const { host, event, asked } = await requested(berlinSlot(4, "11:00"));
    await bookingApprover(commandContext(t), { userId: host.id }, event.id, {
      approve: false,
      reason: "Away that week",
    });
    expect(await effectsOf(event.id)).toEqual(asked);
    expect(await drainChanges(t)).toBe(1);
    await expectRefused(event.id, asked, "declined", { reason: "Away that week" });
  });

  it("expired: tells the invitee their request expired and announces it cancelled", async () => {
    const start = berlinSlot(4, "13:00");
    const { event, asked } = await requested(start);
    const swept = { publicUrl: t.deps.config.publicUrl, now: new Date(Date.parse(start) + 60_000) };
    expect(await expiredRequestSweeper(db, swept)).toBeGreaterThanOrEqual(1);
    expect(await effectsOf(event.id)).toEqual(asked);
    expect(await drainChanges(t)).toBeGreaterThanOrEqual(1);
    await expectRefused(event.id, asked, "expired", { expired: true });
  });

  it("reassigned: tells the invitee and both hosts, keeps the reminders, announces it and moves the calendar entry", async () => {
    const a = await signUpHost(t);
    const b = await signUpHost(t);
    await equip(a);
    await equip(b);
    const type = await teamEventType(t, "ROUND_ROBIN", [a, b], {
      reminders: [{ minutesBefore: 60, to: "invitee" }],
    });
    const start = berlinSlot(7, "09:00");
    const booked = await bookDirectly(t, { sharedLink: type.sharedLink }, { start });
    const { event } = booked;
    await drainChanges(t);
    const before = await effectsOf(event.id);
    expect(before.reminders).toEqual([hourBefore(start)]);
    const resolved = await resolvedEvent(t, { eventUuid: event.id });
    const holder = booked.hosts[0]!;
    const other = resolved.target.hosts.find((h) => h.id !== holder.id)!;

    await roundRobinReassigner(commandContext(t), a.id, resolved, other);
    expect(await effectsOf(event.id)).toEqual(before);
    expect((await unprocessed()).map((c) => [c.kind, c.actor])).toEqual([["reassigned", a.id]]);
    expect(await drainChanges(t)).toBe(1);
    const after = await effectsOf(event.id);
    expect(since(before, after)).toEqual({
      mails: ["bookingRescheduled:invitee", "bookingConfirmed:host", "bookingCancelled:host"],
      reminders: [hourBefore(start)],
      // Each host's subscription hears it: the one it went to and the one it left.
      webhooks: ["booking.reassigned", "booking.reassigned"],
      calendar: 2,
    });
    const jobs = await db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(sql`${outbox.kind} = 'calendar' and ${outbox.payload}->>'eventId' = ${event.id}`)
      .orderBy(asc(outbox.id));
    expect(jobs.slice(-2).map((job) => job.payload.hostEmail)).toEqual([other.email, holder.email]);
  });

  it("paid: confirms the booking with the amount, schedules its reminders, announces it created and paid", async () => {
    const start = berlinSlot(8, "09:00");
    const { event, intent } = await awaitingPayment(start);
    stripe.confirm(intent, SUCCEEDS);
    expect(await paymentSettler(settle, { id: intent }, "succeeded")).toBe("confirmed");
    expect(await effectsOf(event.id)).toEqual(NOTHING);
    expect(await drainChanges(t)).toBe(1);
    expect(await effectsOf(event.id)).toEqual({
      mails: ["bookingConfirmed:invitee", "bookingConfirmed:host"],
      reminders: [hourBefore(start)],
      webhooks: ["booking.created", "booking.paid"],
      calendar: 1,
    });
    const confirmed = await mailsAbout(event.id, "bookingConfirmed");
    expect(confirmed).toHaveLength(2);
    for (const data of confirmed) {
      expect(data).toMatchObject({ payment: { amount: 2500, currency: "EUR" } });
    }
    expect(await refundsOf(event.id)).toEqual({ refunds: [], told: [] });
  });

  it("payment_failed: announces it and nothing else (the booking was never confirmed)", async () => {
    const { event, intent } = await awaitingPayment(berlinSlot(8, "11:00"));
    expect(await paymentSettler(settle, { id: intent }, "failed")).toBe("released");
    expect((await unprocessed()).map((c) => [c.kind, c.actor])).toEqual([
      ["payment_failed", "system"],
    ]);
    expect(await drainChanges(t)).toBe(1);
    expect(await effectsOf(event.id)).toEqual({ ...NOTHING, webhooks: ["booking.payment_failed"] });
    expect(await refundsOf(event.id)).toEqual({ refunds: [], told: [] });
  });

  it("refunded by a host: queues the refund and tells the payer; the booking stays as it is", async () => {
    const { host, event, intent } = await awaitingPayment(berlinSlot(8, "13:00"));
    await paymentSettler(settle, { id: intent }, "succeeded");
    await drainChanges(t);
    const paid = await effectsOf(event.id);

    await paymentRefunder(db, host.id, event.id, BOOKING_NOW);
    expect(await refundsOf(event.id)).toEqual({ refunds: [], told: [] });
    expect((await unprocessed()).map((c) => [c.kind, c.actor])).toEqual([["refunded", host.id]]);
    expect(await drainChanges(t)).toBe(1);
    const [payment] = await db.select().from(payments).where(eq(payments.eventId, event.id));
    expect(await refundsOf(event.id)).toEqual({
      refunds: [[2500, `host-${payment!.id}-0`]],
      told: ["paymentRefunded:host"],
    });
    expect(await effectsOf(event.id)).toEqual(paid);
  });

  it("refunded for a payment too late for its slot: the settler records the change, processors refund and tell why", async () => {
    const { host, event, intent } = await awaitingPayment(berlinSlot(8, "15:00"));
    await paymentSettler(settle, { id: intent }, "failed");
    await drainChanges(t);
    // Someone else books the freed time; then the payment succeeds after all.
    const free = await createEventType(t, host, { slug: "free-call" });
    await bookDirectly(t, userLink(host, free), { start: berlinSlot(8, "15:00") });
    await drainChanges(t);
    const outboxRows = async () => (await db.select().from(outbox)).length;
    const rowsBefore = await outboxRows();

    expect(await paymentSettler(settle, { id: intent }, "succeeded")).toBe("refunded");
    // The command wrote its change and the payment's state, no mail and no refund.
    expect(await outboxRows()).toBe(rowsBefore);
    expect((await unprocessed()).map((c) => [c.kind, c.actor])).toEqual([["refunded", "system"]]);
    expect(await drainChanges(t)).toBe(1);
    const [payment] = await db.select().from(payments).where(eq(payments.eventId, event.id));
    expect(payment).toMatchObject({ status: "REFUNDED", refundedAmount: 2500 });
    expect(await refundsOf(event.id)).toEqual({
      refunds: [[2500, `late-${payment!.id}`]],
      told: ["paymentRefunded:late"],
    });
    expect(await effectsOf(event.id)).toEqual({ ...NOTHING, webhooks: ["booking.payment_failed"] });
  });
});
