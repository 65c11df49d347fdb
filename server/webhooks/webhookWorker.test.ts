import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { webhookCreateSchema } from "../../core/api/webhooks";
import { type BookingSnapshot, bookingPayload } from "../../core/webhooks/bookingPayload";
import { webhookCreator } from "../commands/webhookCreator";
import { webhookDeliveryResender } from "../commands/webhookDeliveryResender";
import { webhookPinger } from "../commands/webhookPinger";
import { webhookSecretSealer } from "../commands/webhookSecretSealer";
import { webhookDeliveries, webhooks } from "../db/schema";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { enqueueWebhookEvent } from "./enqueueWebhookEvent";
import { signatureValid, startWebhookReceiver } from "./testing/webhookReceiver";
import { openWebhookSecret } from "./webhookSecret";
import { deliverDueWebhooks } from "./webhookWorker";

const receiver = await startWebhookReceiver();
afterAll(() => receiver.stop());
const t = await createTestApp();
const { db } = t.database;
const now = new Date("2027-01-04T06:00:00Z");
const work = {
  database: t.database,
  publicUrl: "http://localhost",
  clock: () => now,
  allowPrivate: true,
  encryptionKey: t.deps.config.encryptionKey,
};

const booking = (uuid: string): BookingSnapshot => ({
  event: {
    id: uuid,
    status: "CONFIRMED",
    title: "Call",
    startAt: new Date("2027-01-05T08:00:00Z"),
    endAt: new Date("2027-01-05T08:30:00Z"),
    location: null,
    rescheduleReason: null,
    cancellationReason: null,
  },
  eventType: {
    id: crypto.randomUUID(),
    slug: "call",
    title: "Call",
    kind: "ONE_ON_ONE",
    teamId: null,
  },
  hosts: [],
  attendees: [],
  payment: null,
  former: null,
});

describe("deliverDueWebhooks", () => {
  it("sends each delivery once when two workers run at the same time, in order per booking", async () => {
    const host = await signUpHost(t);
    await webhookCreator(
      db,
      host.id,
      webhookCreateSchema.parse({
        url: receiver.url("/twice"),
        events: ["booking.created", "booking.cancelled", "ping"],
      }),
      { allowPrivate: true, encryptionKey: t.deps.config.encryptionKey, now },
    );
    const uuids = Array.from({ length: 10 }, () => crypto.randomUUID());
    for (const type of ["booking.created", "booking.cancelled"] as const) {
      for (const uuid of uuids) {
        await enqueueWebhookEvent(
          db,
          {
            type,
            userIds: [host.id],
            teamId: null,
            orderKey: uuid,
            data: { booking: bookingPayload(booking(uuid)) },
          },
          now,
        );
      }
    }
    // Someone else's subscription and an event nobody asked for write nothing.
    await enqueueWebhookEvent(
      db,
      { type: "booking.paid", userIds: [host.id], teamId: null, orderKey: null, data: {} },
      now,
    );
    const [first, second] = await Promise.all([deliverDueWebhooks(work), deliverDueWebhooks(work)]);
    // Between them the two passes send at least each booking's created (a cancelled waits for
    // its created, unless that was delivered before the other pass claimed).
    expect(first + second).toBeGreaterThanOrEqual(10);
    while ((await deliverDueWebhooks(work)) > 0) {}
    const got = receiver.received.filter((r) => r.path === "/twice");
    expect(got).toHaveLength(20);
    expect(new Set(got.map((r) => r.json.id)).size).toBe(20);
    for (const uuid of uuids) {
      const types = got
        .filter((r) => (r.json.data.booking as { uuid: string }).uuid === uuid)
        .map((r) => r.json.type);
      expect(types).toEqual(["booking.created", "booking.cancelled"]);
    }
  });

  it("sends a ping to a paused subscription", async () => {
    const host = await signUpHost(t);
    const hook = await webhookCreator(
      db,
      host.id,
      webhookCreateSchema.parse({ url: receiver.url("/paused"), events: ["ping"], active: false }),
      { allowPrivate: true, encryptionKey: t.deps.config.encryptionKey, now },
    );
    await webhookPinger(db, host.id, hook.id, now);
    expect(await deliverDueWebhooks(work)).toBe(1);
    expect(receiver.received.filter((r) => r.path === "/paused")).toHaveLength(1);
  });

  it("resends a delivery of a paused subscription at once, ahead of the events waiting for it", async () => {
    const host = await signUpHost(t);
    const hook = await webhookCreator(
      db,
      host.id,
      webhookCreateSchema.parse({ url: receiver.url("/resend"), events: ["booking.created"] }),
      { allowPrivate: true, encryptionKey: t.deps.config.encryptionKey, now },
    );
    const uuid = crypto.randomUUID();
    const created = {
      type: "booking.created" as const,
      userIds: [host.id],
      teamId: null,
      orderKey: uuid,
      data: { booking: bookingPayload(booking(uuid)) },
    };
    await enqueueWebhookEvent(db, created, now);
    while ((await deliverDueWebhooks(work)) > 0) {}
    const [sent] = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, hook.id));
    expect(sent).toMatchObject({ status: "delivered" });
    // Paused, with an event of the same booking waiting for the pause to end.
    await enqueueWebhookEvent(db, created, now);
    await db.update(webhooks).set({ active: false }).where(eq(webhooks.id, hook.id));

    const again = await webhookDeliveryResender(db, host.id, hook.id, sent!.id, now);
    expect(await deliverDueWebhooks(work)).toBe(1);
    const got = receiver.received.filter((r) => r.path === "/resend");
    expect(got.map((r) => r.headers["slotted-delivery-id"])).toEqual([sent!.id, again.id]);
    expect(got[1]!.json.id).toBe(got[0]!.json.id);
    // What the pause holds back stays held.
    const waiting = await db
      .select()
      .from(webhookDeliveries)
      .where(
        and(eq(webhookDeliveries.webhookId, hook.id), eq(webhookDeliveries.status, "pending")),
      );
    expect(waiting).toHaveLength(1);
  });

  it("stores the signing secret sealed, signs with it, and seals secrets stored in plain text", async () => {
    const host = await signUpHost(t);
    const key = t.deps.config.encryptionKey;
    const hook = await webhookCreator(
      db,
      host.id,
      webhookCreateSchema.parse({ url: receiver.url("/sealed"), events: ["ping"] }),
      { allowPrivate: true, encryptionKey: key, now },
    );
    const stored = async () =>
      (await db.select().from(webhooks).where(eq(webhooks.id, hook.id)))[0]!.secret;
    expect(hook.secret).toMatch(/^whsec_/);
    expect(await stored()).not.toContain(hook.secret);
    expect(await stored()).not.toContain(hook.secret.slice("whsec_".length));
    expect(openWebhookSecret(key, hook.id, await stored())).toBe(hook.secret);
    // Bound to its row: a sealed secret copied onto another subscription does not open.
    const sealed = await stored();
    expect(() => openWebhookSecret(key, crypto.randomUUID(), sealed)).toThrow();

    // A secret written in plain text before sealing still signs, and is sealed at start.
    await db.update(webhooks).set({ secret: hook.secret }).where(eq(webhooks.id, hook.id));
    await webhookPinger(db, host.id, hook.id, now);
    expect(await deliverDueWebhooks(work)).toBe(1);
    expect(await webhookSecretSealer(db, key)).toBeGreaterThanOrEqual(1);
    expect(await stored()).not.toContain(hook.secret.slice("whsec_".length));
    expect(await webhookSecretSealer(db, key)).toBe(0);
    await webhookPinger(db, host.id, hook.id, now);
    expect(await deliverDueWebhooks(work)).toBe(1);

    const got = receiver.received.filter((r) => r.path === "/sealed");
    expect(got).toHaveLength(2);
    for (const r of got) expect(signatureValid(hook.secret, r.headers, r.body)).toBe(true);
  });
});
