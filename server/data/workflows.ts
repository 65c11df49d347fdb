import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { workflowSteps, workflows } from "../db/schema";

export type WorkflowRow = typeof workflows.$inferSelect;
export type WorkflowStepRow = typeof workflowSteps.$inferSelect;
export interface WorkflowWithSteps extends WorkflowRow {
  steps: WorkflowStepRow[];
}

/** The workflows of an event type with their steps in order, oldest first; `active` ones only when asked. */
export async function findWorkflows(
  db: Db | Tx,
  eventTypeId: string,
  options: { activeOnly?: boolean } = {},
): Promise<WorkflowWithSteps[]> {
  const rows = await db
    .select()
    .from(workflows)
    .where(
      and(
        eq(workflows.eventTypeId, eventTypeId),
        options.activeOnly ? eq(workflows.active, true) : undefined,
      ),
    )
    .orderBy(asc(workflows.createdAt), asc(workflows.id));
  return withSteps(db, rows);
}

/** One workflow with its steps; null when there is none with that id. */
export async function findWorkflow(db: Db | Tx, id: string): Promise<WorkflowWithSteps | null> {
  const rows = await db.select().from(workflows).where(eq(workflows.id, id));
  const [found] = await withSteps(db, rows);
  return found ?? null;
}

async function withSteps(db: Db | Tx, rows: WorkflowRow[]): Promise<WorkflowWithSteps[]> {
  if (rows.length === 0) return [];
  const steps = await db
    .select()
    .from(workflowSteps)
    .where(
      inArray(
        workflowSteps.workflowId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(workflowSteps.position));
  return rows.map((row) => ({ ...row, steps: steps.filter((s) => s.workflowId === row.id) }));
}
