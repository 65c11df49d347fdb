import { DAY_MS } from "../time/localDate";
import { buildOffsetTimeline, instantAtLocal, offsetAt, wallClockAt } from "../time/offsetTimeline";

/**
 * The starts (epoch ms) of a weekly series in `timeZone`: every occurrence at the first one's
 * wall-clock time, so a DST change between them moves the instant, not the local time. The
 * times follow RFC 5545 (3.3.5), as calendars reading the invite's RRULE do: a time a
 * spring-forward gap skips on a later date moves forward by the gap's length (02:30 in a
 * 02:00 → 03:00 gap is 03:30), a repeated one is its earlier instant. Throws DomainError
 * VALIDATION for an unknown zone.
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
  return Array.from({ length: count }, (_, i) => {
    if (i === 0) return firstStart;
    const local = (first.epochDay + i * everyWeeks * 7) * DAY_MS + first.msOfDay;
    const instant = instantAtLocal(timeline, local, "start");
    const reading = wallClockAt(timeline, instant);
    if (reading.epochDay * DAY_MS + reading.msOfDay === local) return instant;
    // Inside a gap instantAtLocal gives the transition; the time read with the offset in
    // force before it lands as far past the gap's end as the time was past its start.
    return local - offsetAt(timeline, instant - 1);
  });
}
