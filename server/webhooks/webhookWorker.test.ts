import { afterAll, describe, expect, it } from "vitest";
import { webhookCreateSchema } from "../../core/api/webhooks";
import { type BookingSnapshot, bookingPayload } from "../../core/webhooks/bookingPayload";
import { webhookCreator } from "../commands/webhookCreator";
import { webhookPinger } from "../commands/webhookPinger";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { enqueueWebhookEvent } from "./enqueueWebhookEvent";
import { startWebhookReceiver } from "./testing/webhookReceiver";
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
      { allowPrivate: true, now },
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
      { allowPrivate: true, now },
    );
    await webhookPinger(db, host.id, hook.id, now);
    expect(await deliverDueWebhooks(work)).toBe(1);
    expect(receiver.received.filter((r) => r.path === "/paused")).toHaveLength(1);
  });
});
