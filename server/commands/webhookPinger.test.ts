import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhookCreateSchema } from "../../core/api/webhooks";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { webhookCreator } from "./webhookCreator";
import { webhookPinger } from "./webhookPinger";

const t = await createTestApp();
const { db } = t.database;
const now = new Date("2027-01-04T06:00:00Z");

describe("webhookPinger", () => {
  it("queues a ping to a paused subscription not subscribed to pings; NOT_FOUND for others", async () => {
    const host = await signUpHost(t);
    const hook = await webhookCreator(
      db,
      host.id,
      webhookCreateSchema.parse({
        url: "https://hooks.example.com/in",
        events: ["booking.created"],
        active: false,
      }),
      { allowPrivate: true, encryptionKey: t.deps.config.encryptionKey, now },
    );
    const ping = await webhookPinger(db, host.id, hook.id, now);
    expect(ping).toMatchObject({ webhookId: hook.id, event: "ping", status: "pending" });
    expect(JSON.parse(ping.body)).toMatchObject({ type: "ping", data: { webhookId: hook.id } });
    const queued = await db.execute(
      sql`select 1 from outbox where kind = 'webhook' and payload->>'deliveryId' = ${ping.id}`,
    );
    expect(queued.rows).toHaveLength(1);
    const other = await signUpHost(t);
    await expect(webhookPinger(db, other.id, hook.id, now)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
