import { reminderDueTimes } from "../../core/booking/reminderDueTimes";
import { plainSmsText } from "../../core/sms/plainSmsText";
import type { WorkflowAction } from "../../core/workflows/workflowKinds";
import { fillWorkflowTemplate } from "../../core/workflows/workflowTemplate";
import type { AttendeeRow, HostUser } from "../data/bookings";
import type { WorkflowStepRow, WorkflowWithSteps } from "../data/workflows";
import { type BookingMailContext, bookingMails } from "../mail/bookingMails";
import type { BookingMailPayload, MailPayload } from "../mail/mailTypes";
import { reminderMails } from "../mail/reminderMails";
import { workflowValues } from "./workflowValues";

/** A text or a call a workflow step makes, as its outbox row (kind `workflow`) carries it. */
export type WorkflowJobPayload =
  | {
      action: "sms";
      /** E.164; null for a host, whose verified number is looked up when it is sent. */
      to: string | null;
      toHost: boolean;
      hostUserId: string;
      body: string;
      /** A timed step: the meeting's start it was written for. */
      start?: string;
    }
  | { action: "webhook"; url: string; body: string; start?: string };

/** One message a step sends to one recipient: its outbox row, or why it is not sent. */
export interface PlannedSend {
  workflowId: string;
  stepId: string;
  /** The meeting and attendee it is about; null for a routing form's submission (no booking yet). */
  eventId: string | null;
  attendeeId: string | null;
  recipient: string;
  dueAt: Date;
  send:
    | {
        kind: "mail";
        payload: MailPayload;
        purpose: "reminder" | "followUp" | "workflow" | null;
      }
    | { kind: "workflow"; payload: WorkflowJobPayload; purpose: "workflow" | null }
    | { skipped: "no_consent" | "no_number" | "no_email" };
}

/** The meeting a workflow runs for: how its mails are written, who attends, who hosts. */
export interface WorkflowMeeting {
  mail: BookingMailContext;
  attendees: readonly AttendeeRow[];
  hosts: readonly HostUser[];
}

const TIMED: ReadonlySet<string> = new Set(["before_start", "after_end"]);

/** Whether a step sends the trigger's built-in message (a reminder, a follow-up). */
function builtIn(step: WorkflowStepRow): boolean {
  return step.action.startsWith("email_") && step.subject === null && step.body === null;
}

const ROLE_OF: Partial<Record<WorkflowAction, string>> = {
  email_invitee: "invitee",
  email_guests: "guest",
  email_hosts: "host",
};

/**
 * What a workflow sends for a meeting's attendees, as of `context.now`: a timed one (before the
 * start, after the end) at its time, skipped when already past (core's grace aside) and, with
 * `dueAfter`, when not due after it; any other at once. Each step to each of its recipients:
 * the built-in reminder or follow-up (exactly the mails the event type's reminders sent), or the
 * host's own subject and body with the variables filled for that recipient. Pure.
 */
export function plannedSends(
  workflow: WorkflowWithSteps,
  meeting: WorkflowMeeting,
  options: { dueAfter?: Date } = {},
): PlannedSend[] {
  const { mail: context } = meeting;
  const timed = TIMED.has(workflow.trigger);
  const before = workflow.trigger === "before_start";
  let dueAt = context.now;
  if (timed) {
    const [due] = reminderDueTimes(
      before
        ? { reminders: [{ minutesBefore: workflow.offsetMinutes, to: "invitee" }], followUp: null }
        : { reminders: [], followUp: { minutesAfter: workflow.offsetMinutes, text: "" } },
      context.event.startAt.getTime(),
      context.event.endAt.getTime(),
      context.now.getTime(),
    );
    if (due === undefined) return [];
    if (options.dueAfter && due.dueAt <= options.dueAfter.getTime()) return [];
    dueAt = new Date(due.dueAt);
  }
  const sends: PlannedSend[] = [];
  const base = { workflowId: workflow.id, eventId: context.event.id };
  for (const step of workflow.steps) {
    for (const attendee of meeting.attendees) {
      const about = { ...base, stepId: step.id, attendeeId: attendee.id };
      if (timed && builtIn(step) && ROLE_OF[step.action] !== undefined) {
        const mails = reminderMails(
          context,
          {
            reminders: before
              ? [
                  {
                    minutesBefore: workflow.offsetMinutes,
                    to: step.action === "email_hosts" ? "invitee_and_host" : "invitee",
                  },
                ]
              : [],
            reminderText: step.note,
            followUp: before ? null : { minutesAfter: workflow.offsetMinutes, text: step.note },
          },
          [attendee],
          meeting.hosts,
          options,
        ).filter((m) => m.payload.data.role === ROLE_OF[step.action]);
        for (const m of mails) {
          sends.push({
            ...about,
            recipient: m.payload.to.email,
            dueAt: m.dueAt,
            send: { kind: "mail", payload: m.payload, purpose: m.purpose },
          });
        }
        continue;
      }
      if (builtIn(step)) continue;
      sends.push(...customSends(workflow, step, meeting, attendee, dueAt, timed, about));
    }
  }
  return sends;
}

/** A step with the host's own text, to each recipient its action names. */
function customSends(
  workflow: WorkflowWithSteps,
  step: WorkflowStepRow,
  meeting: WorkflowMeeting,
  attendee: AttendeeRow,
  dueAt: Date,
  timed: boolean,
  about: Omit<PlannedSend, "recipient" | "dueAt" | "send">,
): PlannedSend[] {
  const cancelled = workflow.trigger === "cancelled";
  const afterEnd = workflow.trigger === "after_end";
  // The recipients' own mails say what each may see: the invitee's have the manage links (none
  // once cancelled or over), the hosts' the answers.
  const mails = bookingMails(cancelled ? "bookingCancelled" : "bookingReminder", meeting.mail, {
    attendees: [attendee],
    hosts: meeting.hosts,
  }).map((m) =>
    afterEnd ? { ...m, data: { ...m.data, cancelUrl: null, rescheduleUrl: null } } : m,
  );
  const start = meeting.mail.event.startAt.toISOString();
  const purpose = timed ? ("workflow" as const) : null;
  const fill = (m: BookingMailPayload, text: string | null) =>
    fillWorkflowTemplate(text ?? "", workflowValues(m.data, m.language));
  const email = (m: BookingMailPayload, to: { email: string; name?: string }): PlannedSend => ({
    ...about,
    recipient: to.email,
    dueAt,
    send: {
      kind: "mail",
      purpose,
      payload: {
        template: "workflowMessage",
        to,
        language: m.language,
        data: { subject: fill(m, step.subject), body: fill(m, step.body), start },
      },
    },
  });
  const invitee = mails.find((m) => m.data.role === "invitee")!;
  const hostMails = mails.filter((m) => m.data.role === "host");
  switch (step.action) {
    case "email_invitee":
    case "email_guests":
    case "email_hosts":
      return mails.filter((m) => m.data.role === ROLE_OF[step.action]).map((m) => email(m, m.to));
    case "email_address": {
      const m = hostMails[0] ?? invitee;
      return step.target === null ? [] : [email(m, { email: step.target })];
    }
    case "sms_invitee": {
      const recipient = attendee.phone ?? "";
      if (attendee.phone === null) {
        return [{ ...about, recipient, dueAt, send: { skipped: "no_number" } }];
      }
      if (!attendee.smsConsent) {
        return [{ ...about, recipient, dueAt, send: { skipped: "no_consent" } }];
      }
      const hostUserId = meeting.hosts[0]?.id ?? "";
      const payload: WorkflowJobPayload = {
        action: "sms",
        to: attendee.phone,
        toHost: false,
        hostUserId,
        body: plainSmsText(fill(invitee, step.body)),
        ...(timed ? { start } : {}),
      };
      return [{ ...about, recipient, dueAt, send: { kind: "workflow", payload, purpose } }];
    }
    case "sms_host":
      return meeting.hosts.map((host, index) => {
        const m = hostMails[index] ?? invitee;
        const payload: WorkflowJobPayload = {
          action: "sms",
          to: null,
          toHost: true,
          hostUserId: host.id,
          body: plainSmsText(fill(m, step.body)),
          ...(timed ? { start } : {}),
        };
        return {
          ...about,
          recipient: host.name,
          dueAt,
          send: { kind: "workflow", payload, purpose },
        };
      });
    case "webhook": {
      if (step.target === null) return [];
      const data = invitee.data;
      const body = JSON.stringify({
        event: "workflow.triggered",
        workflow: { id: workflow.id, name: workflow.name, trigger: workflow.trigger },
        booking: {
          uuid: meeting.mail.event.id,
          title: data.title,
          start: data.start,
          end: data.end,
          hosts: data.hostNames,
          invitee: { uuid: attendee.id, name: attendee.name, email: attendee.email },
        },
      });
      const payload: WorkflowJobPayload = {
        action: "webhook",
        url: step.target,
        body,
        ...(timed ? { start } : {}),
      };
      return [
        { ...about, recipient: step.target, dueAt, send: { kind: "workflow", payload, purpose } },
      ];
    }
  }
}
