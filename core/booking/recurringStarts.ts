import { DAY_MS } from "../time/localDate";
import { buildOffsetTimeline, instantAtLocal, wallClockAt } from "../time/offsetTimeline";

/**
 * The starts (epoch ms) of a weekly series in `timeZone`: every occurrence at the first one's
 * wall-clock time, so a DST change between them moves the instant, not the local time. A time a
 * spring-forward gap skips on a later date maps to the first instant after the gap; a repeated
 * one to its earlier instant. Throws DomainError VALIDATION for an unknown zone.
 */
export function recurringStarts(
  firstStart: number,
  timeZone: string,
  everyWeeks: number,
  count: number,
): number[] {
  const days = (count - 1) * everyWeeks * 7;
  const timeline = buildOffsetTimeline(
    timeZone,
    firstStart - DAY_MS,
    firstStart + (days + 2) * DAY_MS,
  );
  const first = wallClockAt(timeline, firstStart);
  return Array.from({ length: count }, (_, i) =>
    i === 0
      ? firstStart
      : instantAtLocal(
          timeline,
          (first.epochDay + i * everyWeeks * 7) * DAY_MS + first.msOfDay,
          "start",
        ),
  );
}
