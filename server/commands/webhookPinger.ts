import { findUserById } from "../data/users";
import type { WebhookDeliveryRow } from "../data/webhooks";
import type { Db } from "../db/database";
import { assertCanTargetWebhook, loadManagedWebhook } from "../policies/webhooks";
import { webhookBody } from "../webhooks/enqueueWebhookEvent";
import { insertDelivery } from "./webhookDeliveryResender";

/**
 * Queues a `ping` to a subscription, paused or not, whether or not it asked for pings: the
 * owner's test that the receiver answers and checks the signature. A failed ping pauses
 * nothing. Throws NOT_FOUND, FORBIDDEN while the caller's address is unverified.
 */
export async function webhookPinger(
  db: Db,
  userId: string,
  webhookId: string,
  now: Date,
): Promise<WebhookDeliveryRow> {
  const hook = await loadManagedWebhook(db, userId, webhookId);
  assertCanTargetWebhook(await findUserById(db, userId));
  const { eventId, body } = webhookBody("ping", { webhookId: hook.id }, now);
  return db.transaction((tx) =>
    insertDelivery(tx, { webhookId: hook.id, eventId, event: "ping", orderKey: null, body }, now),
  );
}
