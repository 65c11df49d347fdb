import type { RefundPolicy } from "../eventTypes/eventTypeSchema";
import { HOUR_MS } from "../time/durations";

/**
 * What cancelling a paid booking refunds (minor units): a host's cancellation everything still
 * paid; an invitee's by the event type's policy: NONE nothing, FULL everything, FULL_BEFORE
 * everything when at least `refundHours` remain before the start, else nothing.
 */
export function refundOnCancel(
  policy: { refundPolicy: RefundPolicy; refundHours: number | null },
  paid: number,
  start: Date,
  now: Date,
  by: "invitee" | "host",
): number {
  if (paid <= 0) return 0;
  if (by === "host") return paid;
  switch (policy.refundPolicy) {
    case "NONE":
      return 0;
    case "FULL":
      return paid;
    case "FULL_BEFORE":
      return start.getTime() - now.getTime() >= (policy.refundHours ?? 0) * HOUR_MS ? paid : 0;
  }
}
