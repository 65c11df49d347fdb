import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { findWorkflow, type WorkflowWithSteps } from "../data/workflows";
import type { Db } from "../db/database";
import { loadManagedEventType } from "./eventTypes";

/**
 * A workflow the caller may see and change: its event type's owner, or an admin of its team.
 * NOT_FOUND when there is none or the caller may not see its event type, FORBIDDEN for a plain
 * member of its team.
 */
export async function loadManagedWorkflow(
  db: Db,
  userId: string,
  workflowId: string,
): Promise<WorkflowWithSteps> {
  const workflow = await findWorkflow(db, workflowId);
  if (workflow === null) throw new DomainError("NOT_FOUND", message("workflows.notFound"));
  try {
    await loadManagedEventType(db, userId, workflow.eventTypeId);
  } catch (error) {
    if (error instanceof DomainError && error.code === "NOT_FOUND") {
      throw new DomainError("NOT_FOUND", message("workflows.notFound"));
    }
    throw error;
  }
  return workflow;
}
