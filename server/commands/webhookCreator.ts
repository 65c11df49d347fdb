import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { webhookCreateSchema } from "../../core/api/webhooks";
import type { WebhookRow } from "../data/webhooks";
import type { Db } from "../db/database";
import { webhooks } from "../db/schema";
import { assertMayAddWebhook } from "../policies/webhooks";
import { assertPublicTarget } from "../webhooks/publicTarget";
import { newSigningSecret, sealWebhookSecret } from "../webhooks/webhookSecret";

/**
 * Subscribes a URL for the caller, or for a team they administer. The target must be public
 * unless `allowPrivate`. The secret is stored sealed under `encryptionKey`; returns the row with
 * the secret in plain text, which no later answer repeats.
 * Throws VALIDATION (`url`: private or unresolvable), NOT_FOUND / FORBIDDEN (team), FORBIDDEN
 * while the caller's address is unverified.
 */
export async function webhookCreator(
  db: Db,
  userId: string,
  input: z.output<typeof webhookCreateSchema>,
  options: { allowPrivate: boolean; encryptionKey: Buffer; now: Date },
): Promise<WebhookRow> {
  await assertMayAddWebhook(db, userId, input.teamId);
  await assertPublicTarget(input.url, options.allowPrivate);
  const id = randomUUID();
  const secret = newSigningSecret();
  const [row] = await db
    .insert(webhooks)
    .values({
      id,
      userId: input.teamId === null ? userId : null,
      teamId: input.teamId,
      url: input.url,
      events: input.events,
      active: input.active,
      secret: sealWebhookSecret(options.encryptionKey, id, secret),
      createdBy: userId,
      createdAt: options.now,
      updatedAt: options.now,
    })
    .returning();
  return { ...row!, secret };
}
