import { and, eq, like } from "drizzle-orm";
import type { Db } from "../db/database";
import { webhooks } from "../db/schema";
import { sealWebhookSecret } from "../webhooks/webhookSecret";

/**
 * Seals the signing secrets stored in plain text before secrets were encrypted, at start: each
 * row is rewritten only if it still holds the plain value read, so two processes starting at once
 * agree. Returns how many it sealed. Throws what the database throws.
 */
export async function webhookSecretSealer(db: Db, key: Buffer): Promise<number> {
  const plain = await db
    .select({ id: webhooks.id, secret: webhooks.secret })
    .from(webhooks)
    .where(like(webhooks.secret, "whsec\\_%"));
  let sealed = 0;
  for (const row of plain) {
    const updated = await db
      .update(webhooks)
      .set({ secret: sealWebhookSecret(key, row.id, row.secret) })
      .where(and(eq(webhooks.id, row.id), eq(webhooks.secret, row.secret)))
      .returning({ id: webhooks.id });
    sealed += updated.length;
  }
  return sealed;
}
