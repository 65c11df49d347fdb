// Calls that never turn the loading indicator on (spec §4): timetable, profile page, email verify.
const quietPaths = [/^\/timetable(-|\?|$)/, /^\/page\//, /^\/event\/verify-email/, /^\/analytics/];

/** Whether a call to `path` (under /api) turns the loading indicator on. */
export function showsLoading(path: string): boolean {
  return !quietPaths.some((pattern) => pattern.test(path));
}

/**
 * Whether the indicator stays on after this response: an action of type URL or EVENT_TYPE
 * (the page is about to go elsewhere), or a Stripe checkout about to open.
 */
export function keepsLoading(response: unknown): boolean {
  if (typeof response !== "object" || response === null) return false;
  const { action, checkout, event } = response as {
    action?: { actionType?: unknown } | null;
    checkout?: unknown;
    event?: { payment?: { gateway?: unknown } | null } | null;
  };
  if (action?.actionType === "URL" || action?.actionType === "EVENT_TYPE") return true;
  return Boolean(checkout) && event?.payment?.gateway === "Stripe";
}
