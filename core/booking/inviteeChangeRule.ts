/** Whether an event type lets invitees change a booking online, and how long before its start. */
export interface InviteeChangeRule {
  allowed: boolean;
  /** Minutes before the start after which the invitee can no longer do it online. */
  noticeMinutes: number;
}

/**
 * The last instant (epoch ms) an invitee may still cancel or reschedule a meeting starting at
 * `start` online, or null when the event type does not let them at all. The host is never bound
 * by it. Never throws.
 */
export function inviteeChangeDeadline(rule: InviteeChangeRule, start: number): number | null {
  return rule.allowed ? start - rule.noticeMinutes * 60_000 : null;
}

/**
 * Why an invitee may not change the meeting starting at `start` at `now`: "NOT_ALLOWED" (never
 * online), "TOO_LATE" (inside the notice period), or null when they may. Never throws.
 */
export function inviteeChangeRefusal(
  rule: InviteeChangeRule,
  start: number,
  now: number,
): "NOT_ALLOWED" | "TOO_LATE" | null {
  const deadline = inviteeChangeDeadline(rule, start);
  if (deadline === null) return "NOT_ALLOWED";
  return now > deadline ? "TOO_LATE" : null;
}
