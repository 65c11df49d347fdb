import type { Workflow, WorkflowRun } from "../../../core/api/workflows";
import type { WorkflowRunRow, WorkflowWithSteps } from "../../data/workflows";

export function presentWorkflow(row: WorkflowWithSteps): Workflow {
  return {
    id: row.id,
    eventTypeId: row.eventTypeId,
    name: row.name,
    active: row.active,
    trigger: row.trigger,
    offsetMinutes: row.offsetMinutes,
    cancelledBy: row.cancelledBy,
    source: row.source,
    steps: row.steps.map((step) => ({
      id: step.id,
      action: step.action,
      target: step.target,
      subject: step.subject,
      body: step.body,
      note: step.note,
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A run as the log shows it: skipped when it never had a row or its row was dropped (the meeting
 * moved or was cancelled before it was due), else as its outbox row stands: sent, failed (dead,
 * with the last error) or scheduled (with the error of a failed attempt that will be retried).
 */
export function presentWorkflowRun(row: WorkflowRunRow): WorkflowRun {
  const base = {
    id: row.id,
    stepId: row.stepId,
    action: row.action,
    eventId: row.eventId,
    recipient: row.recipient,
    attempts: row.attempts ?? 0,
    dueAt: row.dueAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
  if (row.status === "skipped") return { ...base, status: "skipped", error: row.error };
  // Its outbox row was dropped: the meeting moved or ended before the step was due.
  if (row.outboxStatus === null) return { ...base, status: "skipped", error: MEETING_CHANGED };
  if (row.outboxStatus === "sent") return { ...base, status: "sent", error: null };
  if (row.outboxStatus === "dead") return { ...base, status: "failed", error: row.lastError };
  return { ...base, status: "scheduled", error: row.lastError };
}

/** The run log's code for a step its meeting's change made moot. */
const MEETING_CHANGED = "meeting_changed";
