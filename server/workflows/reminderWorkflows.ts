import { and, eq } from "drizzle-orm";
import type { FollowUp, Reminder } from "../../core/eventTypes/reminderLimits";
import type { WorkflowAction } from "../../core/workflows/workflowKinds";
import type { Tx } from "../db/database";
import { workflowSteps, workflows } from "../db/schema";

export interface ReminderWorkflowSettings {
  reminders: readonly Reminder[];
  reminderText: string;
  followUp: FollowUp | null;
}

/** Whether two reminder settings send the same: an edit elsewhere keeps the workflows and their log. */
export function sameReminderSettings(a: ReminderWorkflowSettings, b: ReminderWorkflowSettings) {
  const key = (s: ReminderWorkflowSettings) =>
    JSON.stringify([
      s.reminders.map((r) => [r.minutesBefore, r.to]),
      s.reminderText,
      s.followUp && [s.followUp.minutesAfter, s.followUp.text],
    ]);
  return key(a) === key(b);
}

/**
 * Writes an event type's reminder and follow-up settings as the workflows that send them, in the
 * caller's transaction, in place of those it had: one per reminder (to the invitee and their
 * guests, a copy to the hosts when it says so), one for the follow-up (to the invitee), each
 * with the built-in message and the host's text. The migration did the same for the event types
 * that existed then.
 */
export async function saveReminderWorkflows(
  tx: Tx,
  eventTypeId: string,
  settings: ReminderWorkflowSettings,
): Promise<void> {
  await tx
    .delete(workflows)
    .where(and(eq(workflows.eventTypeId, eventTypeId), eq(workflows.source, "reminders")));
  const planned: {
    trigger: "before_start" | "after_end";
    name: string;
    offset: number;
    note: string;
    actions: WorkflowAction[];
  }[] = settings.reminders.map((reminder) => ({
    trigger: "before_start",
    name: "Reminder",
    offset: reminder.minutesBefore,
    note: settings.reminderText,
    actions:
      reminder.to === "invitee_and_host"
        ? ["email_invitee", "email_guests", "email_hosts"]
        : ["email_invitee", "email_guests"],
  }));
  if (settings.followUp !== null) {
    planned.push({
      trigger: "after_end",
      name: "Follow-up",
      offset: settings.followUp.minutesAfter,
      note: settings.followUp.text,
      actions: ["email_invitee"],
    });
  }
  for (const item of planned) {
    const [row] = await tx
      .insert(workflows)
      .values({
        eventTypeId,
        name: item.name,
        trigger: item.trigger,
        offsetMinutes: item.offset,
        source: "reminders",
      })
      .returning({ id: workflows.id });
    await tx.insert(workflowSteps).values(
      item.actions.map((action, position) => ({
        workflowId: row!.id,
        position,
        action,
        note: item.note,
      })),
    );
  }
}
