import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhookDeliveries } from "../db/schema";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { webhookFixtures } from "../test/webhookFixtures";
import { webhookDeleter } from "./webhookDeleter";
import { webhookPinger } from "./webhookPinger";

const t = await createTestApp();
const { db } = t.database;
const now = new Date("2027-01-04T06:00:00Z");

const { hook, outboxOf } = webhookFixtures(t, now);

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
