import { randomUUID } from "node:crypto";
import type { WorkflowCreate } from "../../core/api/workflows";
import { findWorkflow, type WorkflowWithSteps } from "../data/workflows";
import type { Db } from "../db/database";
import { workflows } from "../db/schema";
import { loadManagedEventType } from "../policies/eventTypes";
import { newSigningSecret } from "../webhooks/webhookSecret";
import { sealWorkflowSecret } from "../workflows/workflowSecret";
import { writeSteps } from "../workflows/workflowStepWrites";

/**
 * Creates a workflow on an event type the caller manages (its owner, or an admin of its team),
 * with a signing secret for its webhook calls, stored sealed under `encryptionKey`; returns the
 * workflow and that secret in plain text, which no later answer repeats.
 * Throws NOT_FOUND, FORBIDDEN.
 */
export async function workflowCreator(
  db: Db,
  userId: string,
  input: WorkflowCreate,
  options: { encryptionKey: Buffer; now: Date },
): Promise<{ workflow: WorkflowWithSteps; signingSecret: string }> {
  const { now } = options;
  await loadManagedEventType(db, userId, input.eventTypeId);
  const id = randomUUID();
  const signingSecret = newSigningSecret();
  await db.transaction(async (tx) => {
    await tx.insert(workflows).values({
      id,
      eventTypeId: input.eventTypeId,
      name: input.name,
      active: input.active,
      trigger: input.trigger,
      offsetMinutes: input.offsetMinutes,
      cancelledBy: input.cancelledBy,
      signingSecret: sealWorkflowSecret(options.encryptionKey, id, signingSecret),
      createdAt: now,
      updatedAt: now,
    });
    await writeSteps(tx, id, input.steps);
  });
  return { workflow: (await findWorkflow(db, id))!, signingSecret };
}
