import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { webhookUpdateSchema } from "../../core/api/webhooks";
import { findUserById } from "../data/users";
import type { WebhookRow } from "../data/webhooks";
import type { Db } from "../db/database";
import { webhooks } from "../db/schema";
import { assertCanTargetWebhook, loadManagedWebhook } from "../policies/webhooks";
import { assertPublicTarget } from "../webhooks/publicTarget";
import { newSigningSecret, sealWebhookSecret } from "../webhooks/webhookSecret";

/**
 * Changes a subscription: its URL (checked like a new one), its events, paused or active
 * (resuming clears the server's reason and lets waiting deliveries go), or a new secret
 * (`rotateSecret`, stored sealed; the row returned carries it in plain text, once). Throws
 * NOT_FOUND, VALIDATION (`url`), FORBIDDEN for a new URL while the caller's address is unverified.
 */
export async function webhookUpdater(
  db: Db,
  userId: string,
  id: string,
  input: z.output<typeof webhookUpdateSchema>,
  options: { allowPrivate: boolean; encryptionKey: Buffer; now: Date },
): Promise<{ row: WebhookRow; rotated: boolean }> {
  const hook = await loadManagedWebhook(db, userId, id);
  if (input.url !== undefined && input.url !== hook.url) {
    assertCanTargetWebhook(await findUserById(db, userId));
    await assertPublicTarget(input.url, options.allowPrivate);
  }
  const secret = input.rotateSecret ? newSigningSecret() : null;
  const [row] = await db
    .update(webhooks)
    .set({
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.events !== undefined ? { events: input.events } : {}),
      ...(input.active !== undefined ? { active: input.active, pausedReason: null } : {}),
      ...(secret !== null
        ? { secret: sealWebhookSecret(options.encryptionKey, hook.id, secret) }
        : {}),
      updatedAt: options.now,
    })
    .where(eq(webhooks.id, hook.id))
    .returning();
  return secret === null
    ? { row: row!, rotated: false }
    : { row: { ...row!, secret }, rotated: true };
}
