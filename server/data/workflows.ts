import { and, asc, eq, inArray, sql } from "drizzle-orm";
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

/** The active workflows of each of `eventTypeIds` with their steps, oldest first: two statements. */
export async function findActiveWorkflowsOf(
  db: Db | Tx,
  eventTypeIds: readonly string[],
): Promise<Map<string, WorkflowWithSteps[]>> {
  const byType = new Map<string, WorkflowWithSteps[]>(eventTypeIds.map((id) => [id, []]));
  if (eventTypeIds.length === 0) return byType;
  const rows = await db
    .select()
    .from(workflows)
    .where(and(inArray(workflows.eventTypeId, [...eventTypeIds]), eq(workflows.active, true)))
    .orderBy(asc(workflows.createdAt), asc(workflows.id));
  for (const workflow of await withSteps(db, rows)) byType.get(workflow.eventTypeId)?.push(workflow);
  return byType;
}

/** One workflow with its steps; null when there is none with that id. */
export async function findWorkflow(db: Db | Tx, id: string): Promise<WorkflowWithSteps | null> {
  const rows = await db.select().from(workflows).where(eq(workflows.id, id));
  const [found] = await withSteps(db, rows);
  return found ?? null;
}

/**
 * Whether an active workflow of the event type texts the invitee: then the booking form asks
 * for a mobile number and consent to texts.
 */
export async function textsInvitee(db: Db | Tx, eventTypeId: string): Promise<boolean> {
  const rows = await db
    .select({ id: workflowSteps.id })
    .from(workflowSteps)
    .innerJoin(workflows, eq(workflows.id, workflowSteps.workflowId))
    .where(
      and(
        eq(workflows.eventTypeId, eventTypeId),
        eq(workflows.active, true),
        eq(workflowSteps.action, "sms_invitee"),
      ),
    )
    .limit(1);
  return rows.length > 0;
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

/** One run-log row with what its outbox row says now (null fields: the row is gone). */
export interface WorkflowRunRow {
  id: number;
  stepId: string;
  action: WorkflowStepRow["action"];
  eventId: string | null;
  recipient: string;
  status: "scheduled" | "sent" | "failed" | "skipped";
  error: string | null;
  dueAt: Date;
  outboxId: number | null;
  outboxStatus: "pending" | "sent" | "dead" | null;
  attempts: number | null;
  lastError: string | null;
  sentAt: Date | null;
}

/** A workflow's run log, latest due first, at most `limit` rows. */
export async function listWorkflowRuns(
  db: Db,
  workflowId: string,
  limit: number,
): Promise<WorkflowRunRow[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    select r.id, r.step_id, s.action, r.event_id, r.recipient, r.status, r.error, r.due_at,
           r.outbox_id, o.status as outbox_status, o.attempts, o.last_error, o.sent_at
      from workflow_runs r
      join workflow_steps s on s.id = r.step_id
      left join outbox o on o.id = r.outbox_id
     where r.workflow_id = ${workflowId}
     order by r.due_at desc, r.id desc
     limit ${limit}`);
  const instant = (value: unknown) => (value === null ? null : new Date(value as string));
  return result.rows.map((row) => ({
    id: Number(row.id),
    stepId: row.step_id as string,
    action: row.action as WorkflowStepRow["action"],
    eventId: (row.event_id as string | null) ?? null,
    recipient: row.recipient as string,
    status: row.status as WorkflowRunRow["status"],
    error: (row.error as string | null) ?? null,
    dueAt: instant(row.due_at)!,
    outboxId: row.outbox_id === null ? null : Number(row.outbox_id),
    outboxStatus: (row.outbox_status as WorkflowRunRow["outboxStatus"]) ?? null,
    attempts: row.attempts === null ? null : Number(row.attempts),
    lastError: (row.last_error as string | null) ?? null,
    sentAt: instant(row.sent_at ?? null),
  }));
}
