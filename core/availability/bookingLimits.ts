import { MINUTE_MS } from "../time/durations";
import { formatLocalDate, mondayOnOrBefore } from "../time/localDate";
import { localDayAt, type OffsetTimeline } from "../time/offsetTimeline";

/**
 * An event type's caps on each host's meetings of that type, counted in the host's zone: per
 * local day, per week (Monday 00:00 to Monday 00:00, ISO weeks) and per calendar month, and the
 * total meeting time (minutes, buffers not included) per day and per week. null: no cap.
 */
export interface BookingLimits {
  daily: number | null;
  weekly: number | null;
  monthly: number | null;
  dailyMinutes: number | null;
  weeklyMinutes: number | null;
}

/** Meetings and their total length (ms) in one period. */
interface Total {
  count: number;
  ms: number;
}

/** A host's meetings of one event type per host-local day, week (its Monday) and month ("yyyy-MM"). */
export interface LimitTotals {
  days: ReadonlyMap<number, Total>;
  weeks: ReadonlyMap<number, Total>;
  months: ReadonlyMap<string, Total>;
}

/** A meeting as the limits see it: its type and its own start and end (epoch ms). */
export interface LimitedMeeting {
  eventTypeId: string | null;
  start: number;
  end: number;
}

export const NO_LIMITS: BookingLimits = {
  daily: null,
  weekly: null,
  monthly: null,
  dailyMinutes: null,
  weeklyMinutes: null,
};

/** Whether any cap is set; never throws. */
export function hasBookingLimits(limits: BookingLimits): boolean {
  return Object.values(limits).some((value) => value !== null);
}

/**
 * How many days either side of a meeting's start the meetings counted against it can start:
 * 0 without caps, a day for daily caps, a week for weekly ones, a month for monthly ones. The
 * engine loads busy time (and builds zone timelines) this much wider; never throws.
 */
export function limitReachDays(limits: BookingLimits): number {
  if (limits.monthly !== null) return 32;
  if (limits.weekly !== null || limits.weeklyMinutes !== null) return 8;
  if (limits.daily !== null || limits.dailyMinutes !== null) return 2;
  return 0;
}

function periodsOf(timeline: OffsetTimeline, start: number) {
  const day = localDayAt(timeline, start);
  return { day, week: mondayOnOrBefore(day), month: formatLocalDate(day).slice(0, 7) };
}

function add<K>(map: Map<K, Total>, key: K, ms: number) {
  const total = map.get(key);
  if (total === undefined) map.set(key, { count: 1, ms });
  else map.set(key, { count: total.count + 1, ms: total.ms + ms });
}

/**
 * Totals of a host's meetings of `eventTypeId` by the host-local period each starts in
 * (`timeline` is the host's zone, exact over the meetings' span); never throws.
 */
export function limitTotals(
  meetings: readonly LimitedMeeting[],
  eventTypeId: string,
  timeline: OffsetTimeline,
): LimitTotals {
  const days = new Map<number, Total>();
  const weeks = new Map<number, Total>();
  const months = new Map<string, Total>();
  for (const meeting of meetings) {
    if (meeting.eventTypeId !== eventTypeId) continue;
    const periods = periodsOf(timeline, meeting.start);
    const ms = meeting.end - meeting.start;
    add(days, periods.day, ms);
    add(weeks, periods.week, ms);
    add(months, periods.month, ms);
  }
  return { days, weeks, months };
}

/**
 * Whether one more meeting [start, end) keeps the host within every cap, the meeting counted in
 * the host-local day, week and month its start falls in; never throws.
 */
export function withinBookingLimits(
  limits: BookingLimits,
  totals: LimitTotals,
  timeline: OffsetTimeline,
  start: number,
  end: number,
): boolean {
  if (!hasBookingLimits(limits)) return true;
  const periods = periodsOf(timeline, start);
  const none: Total = { count: 0, ms: 0 };
  const day = totals.days.get(periods.day) ?? none;
  const week = totals.weeks.get(periods.week) ?? none;
  const month = totals.months.get(periods.month) ?? none;
  const ms = end - start;
  if (limits.daily !== null && day.count + 1 > limits.daily) return false;
  if (limits.weekly !== null && week.count + 1 > limits.weekly) return false;
  if (limits.monthly !== null && month.count + 1 > limits.monthly) return false;
  if (limits.dailyMinutes !== null && day.ms + ms > limits.dailyMinutes * MINUTE_MS) return false;
  if (limits.weeklyMinutes !== null && week.ms + ms > limits.weeklyMinutes * MINUTE_MS)
    return false;
  return true;
}
