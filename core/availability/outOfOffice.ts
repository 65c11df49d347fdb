import { parseLocalDate } from "../time/localDate";
import { instantAtWallTime, type OffsetTimeline } from "../time/offsetTimeline";
import { normalizeIntervals } from "./intervalSet";
import type { Interval, OutOfOfficePeriod } from "./types";

/**
 * The instants a host is out of office: each period's whole local days, from 00:00 of its first
 * date to 24:00 of its last in the zone `timeline` is for, so a period across a DST change is 23
 * or 25 hours longer or shorter than its days times 24. Throws DomainError VALIDATION on a
 * malformed date.
 */
export function outOfOfficeIntervals(
  periods: readonly OutOfOfficePeriod[],
  timeline: OffsetTimeline,
  /** Local days (since 1970-01-01) beyond which nothing is asked: periods are clamped to them. */
  firstDay = Number.NEGATIVE_INFINITY,
  lastDay = Number.POSITIVE_INFINITY,
): Interval[] {
  return normalizeIntervals(
    periods.flatMap((period, index) => {
      const first = Math.max(
        firstDay,
        parseLocalDate(period.startDate, `outOfOffice.${index}.startDate`),
      );
      const last = Math.min(
        lastDay,
        parseLocalDate(period.endDate, `outOfOffice.${index}.endDate`),
      );
      if (last < first) return [];
      return [
        {
          start: instantAtWallTime(timeline, first, 0, "start"),
          end: instantAtWallTime(timeline, last + 1, 0, "start"),
        },
      ];
    }),
  );
}

/** Whether `date` (yyyy-MM-dd) lies in one of the periods; never throws. */
export function isOutOfOffice(periods: readonly OutOfOfficePeriod[], date: string): boolean {
  return periods.some((period) => period.startDate <= date && date <= period.endDate);
}
