import { DomainError } from "../errors";
import { message } from "../messages";
import { parseLocalDate, WEEKDAYS, weekdayOfEpochDay } from "../time/localDate";
import { instantAtWallTime, type OffsetTimeline } from "../time/offsetTimeline";
import { parseWallTime } from "../time/wallTime";
import { normalizeIntervals } from "./intervalSet";
import type { Interval, Schedule, TimeRange, Weekday } from "./types";

type MinuteRange = readonly [start: number, end: number];

function parseRanges(ranges: readonly TimeRange[], field: string): MinuteRange[] {
  return ranges.map((range, index) => {
    const start = parseWallTime(range.start, `${field}.${index}.start`);
    const end = parseWallTime(range.end, `${field}.${index}.end`);
    if (end <= start) {
      const range = `${field}.${index}`;
      throw new DomainError("VALIDATION", message("schedules.rangeEndsBeforeStart", { range }), {
        [`${range}.end`]: [message("schedules.endAfterStart")],
      });
    }
    return [start, end] as const;
  });
}

/**
 * The instants a schedule is available on its local days `firstDay`..`lastDay` (days since
 * 1970-01-01 in the schedule's zone, which `timeline` must be for), as an interval set. Each range is
 * converted boundary by boundary, so a day's 00:00-04:00 is 5 real hours when clocks fall back and 3
 * when they spring forward; a range wholly inside a gap vanishes. Throws DomainError VALIDATION on a
 * malformed range or override date.
 */
export function scheduleIntervals(
  schedule: Schedule,
  timeline: OffsetTimeline,
  firstDay: number,
  lastDay: number,
): Interval[] {
  const weekly = new Map<Weekday, MinuteRange[]>();
  for (const weekday of WEEKDAYS) {
    const ranges = schedule.weekly[weekday];
    if (ranges !== undefined) weekly.set(weekday, parseRanges(ranges, `weekly.${weekday}`));
  }
  const overrides = new Map<number, MinuteRange[]>();
  schedule.overrides.forEach((override, index) => {
    const day = parseLocalDate(override.date, `overrides.${index}.date`);
    const ranges = parseRanges(override.intervals, `overrides.${index}.intervals`);
    // Two overrides of one date both apply rather than one silently winning.
    overrides.set(day, [...(overrides.get(day) ?? []), ...ranges]);
  });

  const intervals: Interval[] = [];
  for (let day = firstDay; day <= lastDay; day++) {
    const ranges = overrides.get(day) ?? weekly.get(weekdayOfEpochDay(day)) ?? [];
    for (const [start, end] of ranges) {
      intervals.push({
        start: instantAtWallTime(timeline, day, start, "start"),
        end: instantAtWallTime(timeline, day, end, "end"),
      });
    }
  }
  return normalizeIntervals(intervals);
}
