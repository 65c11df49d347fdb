import type { WorkflowCreate } from "../../core/api/workflows";
import { findWorkflow, type WorkflowWithSteps } from "../data/workflows";
import type { Db } from "../db/database";
import { workflows } from "../db/schema";
import { loadManagedEventType } from "../policies/eventTypes";
import { writeSteps } from "../workflows/workflowStepWrites";

/**
 * Creates a workflow on an event type the caller manages (its owner, or an admin of its team).
 * Throws NOT_FOUND, FORBIDDEN.
 */
export async function workflowCreator(
  db: Db,
  userId: string,
  input: WorkflowCreate,
  now: Date,
): Promise<WorkflowWithSteps> {
  await loadManagedEventType(db, userId, input.eventTypeId);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(workflows)
      .values({
        eventTypeId: input.eventTypeId,
        name: input.name,
        active: input.active,
        trigger: input.trigger,
        offsetMinutes: input.offsetMinutes,
        cancelledBy: input.cancelledBy,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: workflows.id });
    await writeSteps(tx, row!.id, input.steps);
    return row!.id;
  });
  return (await findWorkflow(db, id))!;
}
