import type { Db, Tx } from "../db/database";
import { outbox, workflowRuns } from "../db/schema";
import type { PlannedSend } from "./plannedSends";

/**
 * Writes planned sends in the caller's transaction: each one's outbox row, due at its time (a
 * timed one linked to its meeting and attendee, so a move or cancel drops it), and its run-log
 * row pointing at it; a skipped one only in the log.
 */
export async function enqueueWorkflowSends(
  db: Db | Tx,
  sends: readonly PlannedSend[],
  now: Date,
): Promise<void> {
  for (const planned of sends) {
    let outboxId: number | null = null;
    if (!("skipped" in planned.send)) {
      const timed = planned.send.purpose !== null;
      const [row] = await db
        .insert(outbox)
        .values({
          kind: planned.send.kind,
          payload: planned.send.payload as unknown as Record<string, unknown>,
          nextAttemptAt: planned.dueAt,
          createdAt: now,
          eventId: timed ? planned.eventId : null,
          attendeeId: timed ? planned.attendeeId : null,
          purpose: planned.send.purpose,
        })
        .returning({ id: outbox.id });
      outboxId = row!.id;
    }
    // A code for the run log (no_consent, no_number…), not a sentence.
    const skippedBecause = "skipped" in planned.send ? planned.send.skipped : null;
    await db.insert(workflowRuns).values({
      workflowId: planned.workflowId,
      stepId: planned.stepId,
      eventId: planned.eventId,
      attendeeId: planned.attendeeId,
      recipient: planned.recipient,
      status: skippedBecause === null ? "scheduled" : "skipped",
      error: skippedBecause,
      dueAt: planned.dueAt,
      outboxId,
      createdAt: now,
    });
  }
}
