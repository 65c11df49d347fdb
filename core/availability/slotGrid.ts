import type { Interval } from "./types";

/**
 * Candidate slot starts over an interval set: each interval's start + k * `step`, keeping a start
 * only if [start, start + duration] fits in that interval and start is in [from, to). At each
 * `restarts` instant (sorted) inside an interval, the grid restarts as if the interval began there.
 * All values in ms; throws nothing (a non-positive step or duration yields no slots).
 */
export function slotGrid(
  available: readonly Interval[],
  duration: number,
  step: number,
  restarts: readonly number[],
  from: number,
  to: number,
): number[] {
  const starts: number[] = [];
  if (step <= 0 || duration <= 0) return starts;
  let r = 0;
  for (const interval of available) {
    const lastStart = Math.min(interval.end - duration, to - 1);
    if (lastStart < interval.start) continue;
    while (r < restarts.length && restarts[r]! <= interval.start) r++;
    let anchor = interval.start;
    let next = r;
    while (anchor <= lastStart) {
      const chunkEnd = next < restarts.length ? restarts[next]! : Number.POSITIVE_INFINITY;
      const first = from > anchor ? anchor + Math.ceil((from - anchor) / step) * step : anchor;
      for (let start = first; start <= lastStart && start < chunkEnd; start += step) {
        starts.push(start);
      }
      anchor = chunkEnd;
      next++;
    }
  }
  return starts;
}
