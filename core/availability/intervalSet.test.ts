import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  containsSpan,
  intersectAllIntervals,
  intersectIntervals,
  normalizeIntervals,
  subtractIntervals,
  unionAllIntervals,
  unionIntervals,
} from "./intervalSet";
import type { Interval } from "./types";

const set = (...pairs: [number, number][]): Interval[] =>
  pairs.map(([start, end]) => ({ start, end }));

describe("normalizeIntervals", () => {
  it.each([
    ["empty", [], []],
    [
      "sorts",
      [
        [5, 6],
        [1, 2],
      ],
      [
        [1, 2],
        [5, 6],
      ],
    ],
    [
      "merges overlapping",
      [
        [1, 4],
        [3, 6],
      ],
      [[1, 6]],
    ],
    [
      "merges touching",
      [
        [1, 3],
        [3, 5],
      ],
      [[1, 5]],
    ],
    [
      "drops empty and inverted",
      [
        [2, 2],
        [5, 4],
        [7, 8],
      ],
      [[7, 8]],
    ],
    [
      "swallows contained",
      [
        [1, 10],
        [2, 3],
        [4, 5],
      ],
      [[1, 10]],
    ],
  ] as [string, [number, number][], [number, number][]][])("%s", (_, input, expected) => {
    const intervals = set(...input);
    const copy = structuredClone(intervals);
    expect(normalizeIntervals(intervals)).toEqual(set(...expected));
    expect(intervals).toEqual(copy);
  });
});

describe("set operations", () => {
  const a = set([0, 10], [20, 30]);
  const b = set([5, 25], [30, 40]);

  it("union merges touching results", () => {
    expect(unionIntervals(a, b)).toEqual(set([0, 40]));
  });

  it("intersection", () => {
    expect(intersectIntervals(a, b)).toEqual(set([5, 10], [20, 25]));
    expect(intersectIntervals(a, [])).toEqual([]);
    expect(intersectIntervals(set([0, 10]), set([10, 20]))).toEqual([]);
  });

  it("subtraction", () => {
    expect(subtractIntervals(a, b)).toEqual(set([0, 5], [25, 30]));
    expect(subtractIntervals(set([0, 100]), set([10, 20], [30, 40]))).toEqual(
      set([0, 10], [20, 30], [40, 100]),
    );
    expect(subtractIntervals(a, [])).toEqual(a);
    expect(subtractIntervals(set([0, 10]), set([-5, 15]))).toEqual([]);
  });

  it("over many sets", () => {
    expect(unionAllIntervals([])).toEqual([]);
    expect(intersectAllIntervals([])).toEqual([]);
    expect(intersectAllIntervals([a, b, set([0, 22])])).toEqual(set([5, 10], [20, 22]));
    expect(unionAllIntervals([a, b, set([50, 60])])).toEqual(set([0, 40], [50, 60]));
  });

  it("containsSpan needs the whole closed span inside one interval", () => {
    expect(containsSpan(a, 0, 10)).toBe(true);
    expect(containsSpan(a, 20, 30)).toBe(true);
    expect(containsSpan(a, 5, 11)).toBe(false);
    expect(containsSpan(a, 9, 21)).toBe(false);
    expect(containsSpan(a, -1, 2)).toBe(false);
    expect(containsSpan(a, 25, 31)).toBe(false);
    expect(containsSpan([], 0, 1)).toBe(false);
  });
});

describe("agrees with a model of unit cells", () => {
  const intervalsArb = fc.array(
    fc
      .tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 10 }))
      .map(([start, length]) => ({
        start,
        end: start + length,
      })),
    { maxLength: 8 },
  );
  const cells = (intervals: readonly Interval[]) => {
    const covered = new Set<number>();
    for (const i of intervals) for (let t = i.start; t < i.end; t++) covered.add(t);
    return covered;
  };
  const isSet = (intervals: readonly Interval[]) =>
    intervals.every((i, k) => i.start < i.end && (k === 0 || intervals[k - 1]!.end < i.start));

  it("for union, intersection and subtraction", () => {
    fc.assert(
      fc.property(intervalsArb, intervalsArb, (rawA, rawB) => {
        const a = normalizeIntervals(rawA);
        const b = normalizeIntervals(rawB);
        const [ca, cb] = [cells(a), cells(b)];
        expect(cells(a)).toEqual(cells(rawA));
        const union = unionIntervals(a, b);
        const intersection = intersectIntervals(a, b);
        const difference = subtractIntervals(a, b);
        for (const result of [a, union, intersection, difference]) expect(isSet(result)).toBe(true);
        expect(cells(union)).toEqual(new Set([...ca, ...cb]));
        expect(cells(intersection)).toEqual(new Set([...ca].filter((t) => cb.has(t))));
        expect(cells(difference)).toEqual(new Set([...ca].filter((t) => !cb.has(t))));
      }),
      { numRuns: 200 },
    );
  });
});
