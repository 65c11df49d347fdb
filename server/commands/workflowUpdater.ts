import { eq } from "drizzle-orm";
import { type WorkflowUpdate, workflowDraftSchema } from "../../core/api/workflows";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { fieldErrorsFromZod } from "../../core/validation/fieldErrorsFromZod";
import { findWorkflow, type WorkflowWithSteps } from "../data/workflows";
import type { Db } from "../db/database";
import { workflows } from "../db/schema";
import { loadManagedWorkflow } from "../policies/workflows";
import { writeSteps } from "../workflows/workflowStepWrites";

/**
 * Applies a partial change (the steps replaced whole), checked merged as a create would be;
 * pausing is `active: false`. Messages already scheduled stay as they were written. Throws
 * NOT_FOUND, FORBIDDEN, VALIDATION.
 */
export async function workflowUpdater(
  db: Db,
  userId: string,
  workflowId: string,
  patch: WorkflowUpdate,
  now: Date,
): Promise<WorkflowWithSteps> {
  const current = await loadManagedWorkflow(db, userId, workflowId);
  const parsed = workflowDraftSchema.safeParse({
    name: current.name,
    active: current.active,
    trigger: current.trigger,
    offsetMinutes: current.offsetMinutes,
    cancelledBy: current.cancelledBy,
    steps: current.steps.map(({ action, target, subject, body, note }) => ({
      action,
      target,
      subject,
      body,
      note,
    })),
    ...patch,
  });
  if (!parsed.success) {
    const fields = fieldErrorsFromZod(parsed.error);
    throw new DomainError(
      "VALIDATION",
      Object.values(fields)[0]?.[0] ?? message("general.invalidInput"),
      fields,
    );
  }
  const merged = parsed.data;
  await db.transaction(async (tx) => {
    await tx
      .update(workflows)
      .set({
        name: merged.name,
        active: merged.active,
        trigger: merged.trigger,
        offsetMinutes: merged.offsetMinutes,
        cancelledBy: merged.cancelledBy,
        updatedAt: now,
      })
      .where(eq(workflows.id, workflowId));
    if (patch.steps !== undefined) await writeSteps(tx, workflowId, merged.steps);
  });
  return (await findWorkflow(db, workflowId))!;
}
