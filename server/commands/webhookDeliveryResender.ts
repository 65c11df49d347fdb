import { sql } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { findDelivery, type WebhookDeliveryRow } from "../data/webhooks";
import type { Db, Tx } from "../db/database";
import { webhookDeliveries } from "../db/schema";
import { loadManagedWebhook } from "../policies/webhooks";

/**
 * Writes one delivery of `body` for a subscription and its outbox row, in the caller's
 * transaction: an owner's own action (a ping, a resend), which goes even while the subscription
 * is paused.
 */
export async function insertDelivery(
  tx: Tx,
  delivery: Pick<WebhookDeliveryRow, "webhookId" | "eventId" | "event" | "orderKey" | "body">,
  now: Date,
): Promise<WebhookDeliveryRow> {
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({
      webhookId: delivery.webhookId,
      eventId: delivery.eventId,
      event: delivery.event,
      orderKey: delivery.orderKey,
      body: delivery.body,
      createdAt: now,
    })
    .returning();
  await tx.execute(sql`
    insert into outbox (kind, payload, next_attempt_at, created_at)
    values ('webhook', jsonb_build_object('deliveryId', ${row!.id}::text, 'manual', true),
            ${now}, ${now})`);
  return row!;
}

/**
 * Sends a delivery again as a new one: the same body and event id (a receiver that already has
 * it can tell), its own log entry and a fresh 24 hours of retries. It goes now, like a ping:
 * to a paused subscription too (the owner asked for this one; the events that waited for the
 * pause to end still wait), and outside its booking's order (it repeats an event that already
 * had its turn), so nothing pending holds it back. Throws NOT_FOUND.
 */
export async function webhookDeliveryResender(
  db: Db,
  userId: string,
  webhookId: string,
  deliveryId: string,
  now: Date,
): Promise<WebhookDeliveryRow> {
  const hook = await loadManagedWebhook(db, userId, webhookId);
  const original = await findDelivery(db, hook.id, deliveryId);
  if (original === null) {
    throw new DomainError("NOT_FOUND", message("webhooks.deliveryNotFound"));
  }
  return db.transaction((tx) => insertDelivery(tx, { ...original, orderKey: null }, now));
}
