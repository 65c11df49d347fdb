import { eq } from "drizzle-orm";
import type { Db } from "../db/database";
import { workflows } from "../db/schema";
import { loadManagedWorkflow } from "../policies/workflows";
import { newSigningSecret } from "../webhooks/webhookSecret";
import { sealWorkflowSecret } from "../workflows/workflowSecret";

/**
 * Gives a workflow the caller manages a new signing secret for its webhook calls (calls not yet
 * made are signed with it); returns it in plain text, which no later answer repeats.
 * Throws NOT_FOUND, FORBIDDEN.
 */
export async function workflowSecretRotator(
  db: Db,
  userId: string,
  workflowId: string,
  options: { encryptionKey: Buffer; now: Date },
): Promise<string> {
  const workflow = await loadManagedWorkflow(db, userId, workflowId);
  const signingSecret = newSigningSecret();
  await db
    .update(workflows)
    .set({
      signingSecret: sealWorkflowSecret(options.encryptionKey, workflow.id, signingSecret),
      updatedAt: options.now,
    })
    .where(eq(workflows.id, workflow.id));
  return signingSecret;
}
