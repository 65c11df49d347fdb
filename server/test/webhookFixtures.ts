import { sql } from "drizzle-orm";
import { webhookCreateSchema } from "../../core/api/webhooks";
import { webhookCreator } from "../commands/webhookCreator";
import { signUpHost } from "./factories";
import type { TestApp } from "./testApp";

/** What the webhook command tests share: a host's ping subscription, and a delivery's outbox rows. */
export function webhookFixtures(t: TestApp, now: Date) {
  const { db } = t.database;
  return {
    /** A new host subscribed to `ping` at a (private, allowed) address. */
    async hook() {
      const host = await signUpHost(t);
      const created = await webhookCreator(
        db,
        host.id,
        webhookCreateSchema.parse({ url: "https://hooks.example.com/in", events: ["ping"] }),
        { allowPrivate: true, encryptionKey: t.deps.config.encryptionKey, now },
      );
      return { host, created };
    },

    /** The statuses of the outbox rows that send delivery `deliveryId`. */
    async outboxOf(deliveryId: string) {
      return (
        await db.execute<{ status: string }>(
          sql`select status from outbox where kind = 'webhook' and payload->>'deliveryId' = ${deliveryId}`,
        )
      ).rows;
    },
  };
}
