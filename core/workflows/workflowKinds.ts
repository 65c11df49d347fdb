/** What starts a workflow: a booking change, or a time before the start or after the end. */
export const WORKFLOW_TRIGGERS = [
  "created",
  "confirmed",
  "rescheduled",
  "cancelled",
  "before_start",
  "after_end",
  "no_show",
  "routing_form_submitted",
] as const;
/** Whose cancellations fire a `cancelled` workflow. */
export const WORKFLOW_CANCELLERS = ["invitee", "host", "declined", "expired"] as const;
/** What a workflow step does. */
export const WORKFLOW_ACTIONS = [
  "email_invitee",
  "email_hosts",
  "email_guests",
  "email_address",
  "sms_invitee",
  "sms_host",
  "webhook",
] as const;
export type WorkflowTrigger = (typeof WORKFLOW_TRIGGERS)[number];
export type WorkflowCanceller = (typeof WORKFLOW_CANCELLERS)[number];
export type WorkflowAction = (typeof WORKFLOW_ACTIONS)[number];
