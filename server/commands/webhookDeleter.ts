import { eq } from "drizzle-orm";
import { deleteWebhooksWhere } from "../data/webhooks";
import type { Db } from "../db/database";
import { webhooks } from "../db/schema";
import { loadManagedWebhook } from "../policies/webhooks";

/**
 * Deletes a subscription with its delivery log and the outbox rows of its waiting deliveries,
 * in one transaction. Throws NOT_FOUND.
 */
export async function webhookDeleter(db: Db, userId: string, id: string): Promise<void> {
  const hook = await loadManagedWebhook(db, userId, id);
  await db.transaction((tx) => deleteWebhooksWhere(tx, eq(webhooks.id, hook.id)));
}
