import { DAY_MS } from "../time/durations";

import { zoneOffsets } from "../time/zoneOffsets";

/**
 * The starts (epoch ms) of a weekly series in `timeZone`: every occurrence at the first one's
 * wall-clock time, so a DST change between them moves the instant, not the local time. The
 * times follow RFC 5545 (3.3.5), as calendars reading the invite's RRULE do: a time a
 * spring-forward gap skips on a later date moves forward by the gap's length (02:30 in a
 * 02:00 → 03:00 gap is 03:30), a repeated one is its earlier instant. The server books these
 * and the booking page lists them, so both say the same times. Throws DomainError VALIDATION
 * for an unknown zone.
 */
export function recurringStarts(
  firstStart: number,
  timeZone: string,
  everyWeeks: number,
  count: number,
): number[] {
  const offsetAt = zoneOffsets(timeZone);
  const firstLocal = firstStart + offsetAt(firstStart);
  return Array.from({ length: count }, (_, i) =>
    i === 0 ? firstStart : seriesInstant(firstLocal + i * everyWeeks * 7 * DAY_MS, offsetAt),
  );
}

/** The instant of a local time (ms since 1970-01-01T00:00 local) by the rules above. */
function seriesInstant(local: number, offsetAt: (instant: number) => number): number {
  // No zone changes its offset twice within two days, so the offsets a day either side are
  // the only ones the local time can be read with.
  const before = offsetAt(local - DAY_MS);
  const after = offsetAt(local + DAY_MS);
  const readsAs = (instant: number) => instant + offsetAt(instant) === local;
  // A repeated time: the larger offset gives the earlier instant.
  const candidates = [local - Math.max(before, after), local - Math.min(before, after)];
  const found = candidates.find(readsAs);
  if (found !== undefined) return found;
  // Inside a gap: the time read with the offset in force before it lands as far past the
  // gap's end as it was past the gap's start.
  return local - before;
}
