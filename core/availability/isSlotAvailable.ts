import { DomainError } from "../errors";
import { message } from "../messages";
import { DAY_MS } from "../time/durations";
import { formatLocalDate } from "../time/localDate";
import { buildOffsetTimeline, localDayAt } from "../time/offsetTimeline";
import { computeAvailability } from "./computeAvailability";
import type { AvailabilityInput, Slot } from "./types";

/**
 * The slot starting at `start` (epoch ms) if it is bookable under the same rules as
 * computeAvailability (whose window dates are ignored), else null; for re-checking a requested start
 * on the server. Throws DomainError VALIDATION on a bad input or start.
 */
export function isSlotAvailable(input: AvailabilityInput, start: number): Slot | null {
  if (!Number.isFinite(start)) {
    throw new DomainError("VALIDATION", message("time.invalidStart"), {
      start: [message("time.expectedEpochInstant")],
    });
  }
  const timeline = buildOffsetTimeline(input.window.timeZone, start - DAY_MS, start + DAY_MS);
  const date = formatLocalDate(localDayAt(timeline, start));
  const { days } = computeAvailability({
    ...input,
    window: { ...input.window, startDate: date, endDate: date },
  });
  return days[0]?.slots.find((slot) => slot.start === start) ?? null;
}
