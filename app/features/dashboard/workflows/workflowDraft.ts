import type { TFunction } from "i18next";
import type { Workflow, WorkflowCreate, WorkflowUpdate } from "../../../../core/api/workflows";
import {
  WORKFLOW_CANCELLERS,
  type WorkflowAction,
  type WorkflowTrigger,
} from "../../../../core/workflows/workflowKinds";

/** A step as the editor holds it; `key` names it in the list until it is saved. */
export interface StepDraft {
  key: string;
  action: WorkflowAction;
  target: string;
  /** null with `body` null: the trigger's built-in reminder or follow-up (with `note`). */
  subject: string | null;
  body: string | null;
  note: string;
}

/** What the workflow editor holds: a create request whose steps carry their list key. */
export type WorkflowDraft = Omit<WorkflowCreate, "steps"> & { steps: StepDraft[] };

export const TIMED_TRIGGERS: ReadonlySet<WorkflowTrigger> = new Set(["before_start", "after_end"]);
const EMAIL_ACTIONS: ReadonlySet<WorkflowAction> = new Set([
  "email_invitee",
  "email_hosts",
  "email_guests",
  "email_address",
]);
const SMS_ACTIONS: ReadonlySet<WorkflowAction> = new Set(["sms_invitee", "sms_host"]);
/** Steps whose message goes to a host or an address the host gave, not the invitee. */
const HOST_FACING: ReadonlySet<WorkflowAction> = new Set([
  "email_hosts",
  "email_address",
  "sms_host",
]);

export const isEmailAction = (action: WorkflowAction) => EMAIL_ACTIONS.has(action);
export const isSmsAction = (action: WorkflowAction) => SMS_ACTIONS.has(action);
/** The step's address or URL is the host's to give. */
export const needsTarget = (action: WorkflowAction) =>
  action === "email_address" || action === "webhook";

/** A built-in message: a mail step of a timed workflow without its own subject and body. */
export function usesBuiltIn(trigger: WorkflowTrigger, step: StepDraft): boolean {
  return (
    TIMED_TRIGGERS.has(trigger) &&
    isEmailAction(step.action) &&
    step.action !== "email_address" &&
    step.subject === null &&
    step.body === null
  );
}

let nextKey = 0;
const newKey = () => `step-${++nextKey}`;

/**
 * The text a new step starts with for `trigger` and `action`, in the host's language (the
 * catalogs' defaults): a subject and body for a mail, a body for a text, none for a webhook.
 */
export function defaultTexts(
  trigger: WorkflowTrigger,
  action: WorkflowAction,
  t: TFunction,
): { subject: string | null; body: string | null } {
  if (action === "webhook") return { subject: null, body: null };
  const subject = t(`dashboard.workflows.defaults.${trigger}.subject`);
  if (HOST_FACING.has(action)) {
    return isSmsAction(action)
      ? { subject: null, body: t("dashboard.workflows.defaults.host.sms", { subject }) }
      : { subject, body: t("dashboard.workflows.defaults.host.body", { subject }) };
  }
  return isSmsAction(action)
    ? { subject: null, body: t(`dashboard.workflows.defaults.${trigger}.sms`) }
    : { subject, body: t(`dashboard.workflows.defaults.${trigger}.body`) };
}

export function newStep(trigger: WorkflowTrigger, action: WorkflowAction, t: TFunction): StepDraft {
  return { key: newKey(), action, target: "", note: "", ...defaultTexts(trigger, action, t) };
}

/** A new workflow of an event type: a day before the start, a mail to the invitee. */
export function newWorkflowDraft(eventTypeId: string, t: TFunction): WorkflowDraft {
  const trigger: WorkflowTrigger = "before_start";
  return {
    eventTypeId,
    name: t("dashboard.workflows.defaultName"),
    active: true,
    trigger,
    offsetMinutes: 24 * 60,
    cancelledBy: [...WORKFLOW_CANCELLERS],
    steps: [newStep(trigger, "email_invitee", t)],
  };
}

export function draftOf(workflow: Workflow): WorkflowDraft {
  return {
    eventTypeId: workflow.eventTypeId,
    name: workflow.name,
    active: workflow.active,
    trigger: workflow.trigger,
    offsetMinutes: workflow.offsetMinutes,
    cancelledBy: [...workflow.cancelledBy],
    steps: workflow.steps.map((step) => ({
      key: step.id,
      action: step.action,
      target: step.target ?? "",
      subject: step.subject,
      body: step.body,
      note: step.note,
    })),
  };
}

/** A step with another action keeps what still applies and starts the rest from the defaults. */
export function changeAction(
  trigger: WorkflowTrigger,
  step: StepDraft,
  action: WorkflowAction,
  t: TFunction,
): StepDraft {
  const sameKind =
    (isEmailAction(step.action) && isEmailAction(action)) ||
    (isSmsAction(step.action) && isSmsAction(action));
  const texts = sameKind
    ? { subject: step.subject, body: step.body }
    : defaultTexts(trigger, action, t);
  return { ...step, action, target: needsTarget(action) ? step.target : "", ...texts };
}

function stepBody(step: StepDraft) {
  const email = isEmailAction(step.action);
  return {
    action: step.action,
    target: needsTarget(step.action) ? step.target.trim() : null,
    subject: email ? step.subject : null,
    body: step.action === "webhook" ? null : step.body,
    note: step.note,
  };
}

/** The body of POST /api/workflows. */
export function createBody(draft: WorkflowDraft): WorkflowCreate {
  return {
    eventTypeId: draft.eventTypeId,
    name: draft.name,
    active: draft.active,
    trigger: draft.trigger,
    offsetMinutes: TIMED_TRIGGERS.has(draft.trigger) ? draft.offsetMinutes : 0,
    cancelledBy: draft.cancelledBy,
    steps: draft.steps.map(stepBody),
  };
}

/** The body of PATCH /api/workflows/{id}: everything but the event type, steps whole. */
export function updateBody(draft: WorkflowDraft): WorkflowUpdate {
  const { eventTypeId: _eventTypeId, ...rest } = createBody(draft);
  return rest;
}
