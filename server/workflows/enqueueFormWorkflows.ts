import type { FormAnswers, FormField } from "../../core/routingForms/formTypes";
import { prefillParams } from "../../core/routingForms/routeTarget";
import { findHostUsers } from "../data/bookings";
import { findEventType } from "../data/eventTypes";
import { findWorkflows } from "../data/workflows";
import type { Tx } from "../db/database";
import { enqueueWorkflowSends } from "./enqueueWorkflowSends";
import { formSubmissionSends } from "./formSubmissionSends";

function answerText(answer: FormAnswers[string]): string {
  return Array.isArray(answer) ? answer.join(", ") : String(answer);
}

/**
 * Runs the active `routing_form_submitted` workflows of the event type a submission routed to,
 * in the caller's transaction (they commit with the response, or not at all).
 */
export async function enqueueFormWorkflows(
  tx: Tx,
  submission: {
    responseId: string;
    form: { title: string; fields: readonly FormField[] };
    answers: FormAnswers;
    eventTypeId: string;
    /** The visitor's; null: the first host's. */
    language: string | null;
  },
  now: Date,
): Promise<void> {
  const fired = (await findWorkflows(tx, submission.eventTypeId, { activeOnly: true })).filter(
    (workflow) => workflow.trigger === "routing_form_submitted",
  );
  if (fired.length === 0) return;
  const type = await findEventType(tx, submission.eventTypeId);
  if (type === null) return;
  const hostIds = type.hosts.length > 0 ? type.hosts.map((h) => h.userId) : [type.userId];
  const hosts = await findHostUsers(
    tx,
    hostIds.filter((id): id is string => id !== null),
  );
  // The questions that would fill the booking form's name and email say who asked.
  const prefill = new Map(prefillParams(submission.form.fields, submission.answers));
  const answers = submission.form.fields.flatMap((field) => {
    const answer = submission.answers[field.id];
    return answer === undefined ? [] : [{ label: field.label, value: answerText(answer) }];
  });
  for (const workflow of fired) {
    const sends = formSubmissionSends(workflow, {
      responseId: submission.responseId,
      formTitle: submission.form.title,
      eventType: { id: type.id, title: type.title },
      hosts,
      respondent: { name: prefill.get("name") ?? "", email: prefill.get("email") ?? null },
      language: submission.language ?? hosts[0]?.language ?? "en",
      answers,
      submittedAt: now,
    });
    await enqueueWorkflowSends(tx, sends, now);
  }
}
