import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";

/**
 * The duration (minutes) to compute with: the one asked for, which must be offered, else
 * `fallback` when offered, else the event type's default. Throws DomainError VALIDATION (field
 * `duration`) for a duration the event type does not offer.
 */
export function offeredDuration(
  eventType: { duration: number; durations: readonly number[] },
  asked: number | undefined,
  fallback?: number,
): number {
  const offered = eventType.durations.length > 0 ? eventType.durations : [eventType.duration];
  if (asked === undefined) {
    return fallback !== undefined && offered.includes(fallback) ? fallback : eventType.duration;
  }
  if (offered.includes(asked)) return asked;
  const choices = offered.join(", ");
  throw new DomainError("VALIDATION", message("eventTypes.durationNotOffered"), {
    duration: [message("eventTypes.chooseOfferedDuration", { choices })],
  });
}
