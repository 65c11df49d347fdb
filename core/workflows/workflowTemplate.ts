/** The variables a workflow message may use, each written `{name}` in a subject or body. */
export const WORKFLOW_VARIABLES = [
  "invitee_name",
  "host_name",
  "event_title",
  "start_time",
  "location",
  "join_link",
  "manage_link",
  "cancel_link",
  "reschedule_link",
  "form_answers",
] as const;
export type WorkflowVariable = (typeof WORKFLOW_VARIABLES)[number];

/** The longest subject and body of a workflow step, in characters. */
export const WORKFLOW_SUBJECT_MAX = 200;
export const WORKFLOW_BODY_MAX = 5000;

const KNOWN: ReadonlySet<string> = new Set(WORKFLOW_VARIABLES);

/**
 * Fills `{name}` in `template` with `values` (plain text; escaping is the caller's, by where the
 * text goes). A variable without a value becomes empty; braces around anything else stay as they
 * are, so a message may still say "{not a variable}". Pure.
 */
export function fillWorkflowTemplate(
  template: string,
  values: Partial<Record<WorkflowVariable, string>>,
): string {
  return template.replace(/\{([a-z_]+)\}/g, (whole, name: string) =>
    KNOWN.has(name) ? (values[name as WorkflowVariable] ?? "") : whole,
  );
}
