import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhookCreateSchema } from "../../core/api/webhooks";
import { webhookDeliveries } from "../db/schema";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { webhookCreator } from "./webhookCreator";
import { webhookDeleter } from "./webhookDeleter";
import { webhookPinger } from "./webhookPinger";

const t = await createTestApp();
const { db } = t.database;
const now = new Date("2027-01-04T06:00:00Z");

async function hook() {
  const host = await signUpHost(t);
  const created = await webhookCreator(
    db,
    host.id,
    webhookCreateSchema.parse({ url: "https://hooks.example.com/in", events: ["ping"] }),
    { allowPrivate: true, encryptionKey: t.deps.config.encryptionKey, now },
  );
  return { host, created };
}

const outboxOf = async (deliveryId: string) =>
  (
    await db.execute<{ status: string }>(
      sql`select status from outbox where kind = 'webhook' and payload->>'deliveryId' = ${deliveryId}`,
    )
  ).rows;

describe("webhookDeleter", () => {
  it("deletes the subscription, its log and its waiting outbox rows", async () => {
    const { host, created } = await hook();
    const ping = await webhookPinger(db, host.id, created.id, now);
    const other = await signUpHost(t);
    await expect(webhookDeleter(db, other.id, created.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await webhookDeleter(db, host.id, created.id);
    expect(
      await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, created.id)),
    ).toEqual([]);
    expect(await outboxOf(ping.id)).toEqual([]);
  });
});
