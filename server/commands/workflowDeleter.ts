import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/database";
import { workflows } from "../db/schema";
import { loadManagedWorkflow } from "../policies/workflows";

/** Deletes a workflow, its log, and what it had scheduled and not sent. Throws NOT_FOUND, FORBIDDEN. */
export async function workflowDeleter(db: Db, userId: string, workflowId: string): Promise<void> {
  await loadManagedWorkflow(db, userId, workflowId);
  await db.transaction(async (tx) => {
    // What it scheduled goes with it: a deleted workflow sends nothing more.
    await tx.execute(sql`
      delete from outbox where status = 'pending' and id in
        (select outbox_id from workflow_runs where workflow_id = ${workflowId})`);
    await tx.delete(workflows).where(eq(workflows.id, workflowId));
  });
}
