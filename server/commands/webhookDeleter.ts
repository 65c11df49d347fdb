import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/database";
import { webhooks } from "../db/schema";
import { loadManagedWebhook } from "../policies/webhooks";

/**
 * Deletes a subscription with its delivery log and the outbox rows of its waiting deliveries,
 * in one transaction. Throws NOT_FOUND.
 */
export async function webhookDeleter(db: Db, userId: string, id: string): Promise<void> {
  const hook = await loadManagedWebhook(db, userId, id);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      delete from outbox
       where kind = 'webhook'
         and payload->>'deliveryId' in (
           select id::text from webhook_deliveries where webhook_id = ${hook.id})`);
    await tx.delete(webhooks).where(eq(webhooks.id, hook.id));
  });
}
