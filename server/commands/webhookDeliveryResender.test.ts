import { describe, expect, it } from "vitest";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { webhookFixtures } from "../test/webhookFixtures";
import { webhookDeliveryResender } from "./webhookDeliveryResender";
import { webhookPinger } from "./webhookPinger";

const t = await createTestApp();
const { db } = t.database;
const now = new Date("2027-01-04T06:00:00Z");

const { hook, outboxOf } = webhookFixtures(t, now);

describe("webhookPinger and webhookDeliveryResender", () => {
  it("queue a ping, and a resend with the same event id and body as a new delivery", async () => {
    const { host, created } = await hook();
    const ping = await webhookPinger(db, host.id, created.id, now);
    expect(ping).toMatchObject({ event: "ping", status: "pending", orderKey: null });
    expect(JSON.parse(ping.body)).toMatchObject({
      id: ping.eventId,
      type: "ping",
      version: 1,
      data: { webhookId: created.id },
    });
    expect(await outboxOf(ping.id)).toEqual([{ status: "pending" }]);

    const again = await webhookDeliveryResender(db, host.id, created.id, ping.id, now);
    expect(again.id).not.toBe(ping.id);
    expect(again).toMatchObject({ eventId: ping.eventId, body: ping.body, attempts: 0 });
    expect(await outboxOf(again.id)).toEqual([{ status: "pending" }]);
  });

  it("answer NOT_FOUND for another host's subscription or an unknown delivery", async () => {
    const { host, created } = await hook();
    const other = await signUpHost(t);
    await expect(webhookPinger(db, other.id, created.id, now)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(
      webhookDeliveryResender(db, host.id, created.id, crypto.randomUUID(), now),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
