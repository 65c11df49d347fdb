import type { WorkflowVariable } from "../../core/workflows/workflowTemplate";
import { fillWorkflowTemplate } from "../../core/workflows/workflowTemplate";
import type { HostUser } from "../data/bookings";
import type { WorkflowStepRow, WorkflowWithSteps } from "../data/workflows";
import type { PlannedSend, WorkflowJobPayload } from "./plannedSends";

/** A routing form's submission that led to an event type, as its workflows see it. */
export interface FormSubmission {
  responseId: string;
  formTitle: string;
  eventType: { id: string; title: string };
  /** Who would host it: the event type's hosts (its owner for a personal one). */
  hosts: readonly HostUser[];
  /** What the visitor said their name and address were (the questions that fill the booking form). */
  respondent: { name: string; email: string | null };
  /** The visitor's language: their own mail is in it. */
  language: string;
  /** Each answered question as "label: answer". */
  answers: readonly { label: string; value: string }[];
  submittedAt: Date;
}

/**
 * What a `routing_form_submitted` workflow sends for one submission, at once: there is no
 * booking yet, so no time, place or manage links, only who asked, what they answered and which
 * event type it routed to. The visitor gets mail only when the form asked their address, and no
 * text (a form asks no consent to texts). Pure.
 */
export function formSubmissionSends(
  workflow: WorkflowWithSteps,
  submission: FormSubmission,
): PlannedSend[] {
  return workflow.steps.flatMap((step) => stepSends(workflow, step, submission));
}

function stepSends(
  workflow: WorkflowWithSteps,
  step: WorkflowStepRow,
  submission: FormSubmission,
): PlannedSend[] {
  const about = {
    workflowId: workflow.id,
    stepId: step.id,
    eventId: null,
    attendeeId: null,
    dueAt: submission.submittedAt,
  };
  const values: Partial<Record<WorkflowVariable, string>> = {
    invitee_name: submission.respondent.name,
    host_name: submission.hosts.map((host) => host.name).join(", "),
    event_title: submission.eventType.title,
    form_answers: submission.answers.map((a) => `${a.label}: ${a.value}`).join("\n"),
  };
  const fill = (text: string | null) => fillWorkflowTemplate(text ?? "", values);
  const mail = (to: { email: string; name?: string }, language: string): PlannedSend => ({
    ...about,
    recipient: to.email,
    send: {
      kind: "mail",
      purpose: null,
      payload: {
        template: "workflowMessage",
        to,
        language,
        data: {
          subject: fill(step.subject),
          body: fill(step.body),
          start: submission.submittedAt.toISOString(),
        },
      },
    },
  });
  const call = (recipient: string, payload: WorkflowJobPayload): PlannedSend => ({
    ...about,
    recipient,
    send: { kind: "workflow", purpose: null, payload },
  });
  const hostLanguage = submission.hosts[0]?.language ?? submission.language;
  switch (step.action) {
    case "email_invitee": {
      const { email, name } = submission.respondent;
      if (email === null) return [{ ...about, recipient: name, send: { skipped: "no_email" } }];
      return [mail({ email, ...(name === "" ? {} : { name }) }, submission.language)];
    }
    case "email_hosts":
      return submission.hosts.map((host) =>
        mail({ email: host.email, name: host.name }, host.language),
      );
    case "email_guests":
      return [];
    case "email_address":
      return step.target === null ? [] : [mail({ email: step.target }, hostLanguage)];
    case "sms_invitee":
      return [{ ...about, recipient: submission.respondent.name, send: { skipped: "no_consent" } }];
    case "sms_host":
      return submission.hosts.map((host) =>
        call(host.name, {
          action: "sms",
          to: null,
          toHost: true,
          hostUserId: host.id,
          body: fill(step.body),
        }),
      );
    case "webhook": {
      if (step.target === null) return [];
      const body = JSON.stringify({
        event: "workflow.triggered",
        workflow: { id: workflow.id, name: workflow.name, trigger: workflow.trigger },
        formResponse: {
          id: submission.responseId,
          form: { title: submission.formTitle },
          eventType: submission.eventType,
          respondent: submission.respondent,
          answers: submission.answers,
          submittedAt: submission.submittedAt.toISOString(),
        },
      });
      return [call(step.target, { action: "webhook", url: step.target, body })];
    }
  }
}
