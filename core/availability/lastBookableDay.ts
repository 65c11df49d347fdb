import { localDayAt, type OffsetTimeline } from "../time/offsetTimeline";

/**
 * The last bookable day (days since 1970-01-01 in `timeline`'s zone, the event type owner's):
 * today at `now` plus `maxDaysAhead`, so 0 means today only; null without a horizon. Never throws.
 */
export function lastBookableDay(
  timeline: OffsetTimeline,
  now: number,
  maxDaysAhead: number | null,
): number | null {
  return maxDaysAhead === null ? null : localDayAt(timeline, now) + maxDaysAhead;
}
