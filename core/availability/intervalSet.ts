import type { Interval } from "./types";

// Every function here takes and returns "interval sets": sorted by start, non-empty, disjoint and
// not touching (touching intervals are merged), so that an interval is a maximal run of time.

/** The interval set covering the same time as arbitrary intervals (empty ones dropped, touching ones merged); never throws. */
export function normalizeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const result: Interval[] = [];
  for (const interval of sorted) {
    const last = result[result.length - 1];
    if (last !== undefined && interval.start <= last.end) {
      if (interval.end > last.end)
        result[result.length - 1] = { start: last.start, end: interval.end };
    } else {
      result.push({ start: interval.start, end: interval.end });
    }
  }
  return result;
}

/** The union of two interval sets; never throws. */
export function unionIntervals(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  return normalizeIntervals([...a, ...b]);
}

/** The intersection of two interval sets; never throws. */
export function intersectIntervals(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const result: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    const start = Math.max(x.start, y.start);
    const end = Math.min(x.end, y.end);
    if (start < end) result.push({ start, end });
    if (x.end < y.end) i++;
    else j++;
  }
  return result;
}

/** The time of `a` not in `b`, both interval sets; never throws. */
export function subtractIntervals(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const result: Interval[] = [];
  let j = 0;
  for (const x of a) {
    let start = x.start;
    while (j < b.length && b[j]!.end <= start) j++;
    let k = j;
    while (k < b.length && b[k]!.start < x.end) {
      const y = b[k]!;
      if (y.start > start) result.push({ start, end: y.start });
      start = Math.max(start, y.end);
      k++;
    }
    if (start < x.end) result.push({ start, end: x.end });
  }
  return result;
}

/** The union of any number of interval sets (none gives the empty set); never throws. */
export function unionAllIntervals(sets: readonly (readonly Interval[])[]): Interval[] {
  return normalizeIntervals(sets.flat());
}

/** The intersection of one or more interval sets (none gives the empty set); never throws. */
export function intersectAllIntervals(sets: readonly (readonly Interval[])[]): Interval[] {
  const [first, ...rest] = sets;
  if (first === undefined) return [];
  return rest.reduce<Interval[]>((acc, set) => intersectIntervals(acc, set), [...first]);
}

/** Whether [start, end] lies inside one interval of the set (binary search); never throws. */
export function containsSpan(set: readonly Interval[], start: number, end: number): boolean {
  let lo = 0;
  let hi = set.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (set[mid]!.start <= start) lo = mid + 1;
    else hi = mid;
  }
  const candidate = set[lo - 1];
  return candidate !== undefined && end <= candidate.end;
}
