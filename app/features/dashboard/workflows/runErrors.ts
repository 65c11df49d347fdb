/** The codes a run's error may be (the sender's refusals, the skip reasons), by catalog key. */
const runErrorKeys = {
  not_configured: "dashboard.workflows.errors.not_configured",
  invalid_number: "dashboard.workflows.errors.invalid_number",
  opted_out: "dashboard.workflows.errors.opted_out",
  unverified_number: "dashboard.workflows.errors.unverified_number",
  host_limit: "dashboard.workflows.errors.host_limit",
  instance_limit: "dashboard.workflows.errors.instance_limit",
  provider_error: "dashboard.workflows.errors.provider_error",
  no_consent: "dashboard.workflows.errors.no_consent",
  no_number: "dashboard.workflows.errors.no_number",
  no_email: "dashboard.workflows.errors.no_email",
  meeting_changed: "dashboard.workflows.errors.meeting_changed",
} as const;

/** The catalog key that says what a run's error code means; null for other text (a provider's). */
export function runErrorKey(error: string) {
  return Object.hasOwn(runErrorKeys, error)
    ? runErrorKeys[error as keyof typeof runErrorKeys]
    : null;
}
