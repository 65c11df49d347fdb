import { asc, eq, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { WEBHOOK_EVENTS } from "../../core/webhooks/webhookEvents";
import { bookingRescheduler } from "../commands/bookingRescheduler";
import { eventCanceller } from "../commands/eventCanceller";
import {
  bookingChanges,
  calendarConnections,
  connectedCalendars,
  outbox,
  webhookDeliveries,
} from "../db/schema";
import { bookDirectly, commandContext, resolvedEvent } from "../test/bookingCommands";
import { BOOKING_NOW, berlinSlot, userLink } from "../test/bookingFactories";
import { createEventType, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { deriveEffects, processChanges } from "./processChanges";
import { drainChanges } from "./testing/drainChanges";

const t = await createTestApp({ bookingLimits: { perIp: 0, perEventType: 0 } });
t.setNow(BOOKING_NOW);
const db = t.database.db;
const settings = {
  publicUrl: t.deps.config.publicUrl,
  secret: t.deps.config.sessionSecret,
  clock: t.deps.clock,
};

/** A host with a write calendar and a subscription to every webhook event, and an event type. */
async function hostWithEverything() {
  const host = await signUpHost(t);
  const [connection] = await db
    .insert(calendarConnections)
    .values({
      userId: host.id,
      provider: "CALDAV",
      name: "Work",
      serverUrl: "http://127.0.0.1:9/",
      secret: "unused",
    })
    .returning();
  await db.insert(connectedCalendars).values({
    connectionId: connection!.id,
    url: "http://127.0.0.1:9/bookings/",
    name: "Bookings",
    writeTarget: true,
  });
  const hook = await t.request({
    method: "POST",
    url: "/api/webhooks",
    headers: host.headers,
    payload: { url: "http://127.0.0.1:9/hook", events: [...WEBHOOK_EVENTS] },
  });
  expect(hook.statusCode, hook.body).toBe(201);
  const type = await createEventType(t, host, {
    reminders: [{ minutesBefore: 60, to: "invitee" }],
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
      { kind: "host" },
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
