import { eq } from "drizzle-orm";
import type { WorkflowCreate } from "../../core/api/workflows";
import type { Tx } from "../db/database";
import { workflowSteps } from "../db/schema";

/** Replaces a workflow's steps with `steps`, in their order, in the caller's transaction. */
export async function writeSteps(
  tx: Tx,
  workflowId: string,
  steps: WorkflowCreate["steps"],
): Promise<void> {
  await tx.delete(workflowSteps).where(eq(workflowSteps.workflowId, workflowId));
  await tx.insert(workflowSteps).values(
    steps.map((step, position) => ({
      workflowId,
      position,
      action: step.action,
      target: step.target === "" ? null : step.target,
      subject: step.subject,
      body: step.body,
      note: step.note,
    })),
  );
}
