import { DAY_MS, MINUTE_MS } from "../time/durations";
import { compareLocalDates, formatLocalDate, parseLocalDate } from "../time/localDate";
import { buildOffsetTimeline, localDayAt } from "../time/offsetTimeline";
import { computeAvailability } from "./computeAvailability";
import type { AvailabilityInput, AvailabilityResult, Interval } from "./types";

// A host-local day holds an instant and lasts at most 25 h (the day clocks go back), so a span
// widened by 26 h either side covers every host-local day it touches.
const DAY_REACH_MS = 26 * 3_600_000;

/**
 * The invitee dates (inclusive) whose slots can differ once hosts' busy time changed within
 * `spans` (epoch ms, each covering every block added or removed): null when none can, "all"
 * when the event type's weekly or monthly caps make every slot depend on every meeting. A slot
 * depends on the blocks its meeting, widened by the type's buffers, overlaps, and under a daily
 * cap on the host-local day's meetings; the grid itself comes from schedules, never busy time.
 */
export function reachedDates(
  input: AvailabilityInput,
  spans: readonly Interval[],
): { first: string; last: string } | null | "all" {
  if (
    input.weeklyLimit != null ||
    input.monthlyLimit != null ||
    input.weeklyDurationLimit != null
  ) {
    return "all";
  }
  if (spans.length === 0) return null;
  const daily = input.dailyLimit !== null || input.dailyDurationLimit != null;
  // A start s is affected by a block [from, to) when (s - bufferBefore, s + duration + bufferAfter)
  // meets it: s in (from - duration - bufferAfter, to + bufferBefore).
  const before = (input.duration + input.bufferAfter) * MINUTE_MS + (daily ? DAY_REACH_MS : 0);
  const after = input.bufferBefore * MINUTE_MS + (daily ? DAY_REACH_MS : 0);
  let lo = Infinity;
  let hi = -Infinity;
  for (const span of spans) {
    lo = Math.min(lo, span.start - before);
    hi = Math.max(hi, span.end + after);
  }
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return "all";
  const invitee = buildOffsetTimeline(input.window.timeZone, lo - DAY_MS, hi + DAY_MS);
  return {
    first: formatLocalDate(localDayAt(invitee, lo)),
    last: formatLocalDate(localDayAt(invitee, hi)),
  };
}

/**
 * computeAvailability's answer for `input`, given its answer `before` the hosts' busy time changed
 * within `spans` (with the same rules, schedules and owner-local date): the dates the change
 * cannot reach keep their days from `before`; only the others are computed. Throws as
 * computeAvailability does.
 */
export function refreshAvailability(
  input: AvailabilityInput,
  before: AvailabilityResult,
  spans: readonly Interval[],
): AvailabilityResult {
  const reached = reachedDates(input, spans);
  if (reached === "all") return computeAvailability(input);
  if (reached === null) return before;
  const { startDate, endDate } = input.window;
  const first = compareLocalDates(reached.first, startDate) > 0 ? reached.first : startDate;
  const last = compareLocalDates(reached.last, endDate) < 0 ? reached.last : endDate;
  if (compareLocalDates(first, last) > 0) return before;
  // Only blocks within reach of those dates bear on their slots (a meeting's own span, its
  // buffers, a daily cap's host-local day: days more than cover them); fewer to index.
  const margin = (input.duration + input.bufferBefore + input.bufferAfter) * MINUTE_MS + 3 * DAY_MS;
  const from = parseLocalDate(first) * DAY_MS - margin;
  const to = (parseLocalDate(last) + 1) * DAY_MS + margin;
  const { days } = computeAvailability({
    ...input,
    hosts: input.hosts.map((host) => ({
      ...host,
      busy: host.busy.filter((block) => block.from < to && from < block.to),
    })),
    window: { ...input.window, startDate: first, endDate: last },
  });
  return {
    days: [
      ...before.days.filter((day) => day.date < first),
      ...days,
      ...before.days.filter((day) => day.date > last),
    ],
    lastDate: before.lastDate,
  };
}
