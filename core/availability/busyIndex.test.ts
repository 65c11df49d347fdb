import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildBusyIndex, overlapsBusy } from "./busyIndex";
import type { BusyBlock } from "./types";

const block = (eventId: string, from: number, to: number): BusyBlock => ({
  eventId,
  eventTypeId: null,
  start: from,
  end: to,
  from,
  to,
  attendeeCount: 1,
});

describe("overlapsBusy", () => {
  const index = buildBusyIndex([block("b", 50, 60), block("a", 10, 40), block("c", 15, 20)]);

  it.each([
    [0, 10, false, "touching the start"],
    [40, 50, false, "between, touching both"],
    [60, 70, false, "touching the end"],
    [39, 41, true, "across an end"],
    [0, 11, true, "across a start"],
    [20, 30, true, "inside a long block after a short one"],
    [0, 100, true, "around all"],
  ])("[%i, %i) overlaps: %s (%s)", (from, to, expected) => {
    expect(overlapsBusy(index, from, to)).toBe(expected);
  });

  it("ignores one event when asked", () => {
    expect(overlapsBusy(index, 52, 58, "b")).toBe(false);
    expect(overlapsBusy(index, 16, 18, "a")).toBe(true);
    expect(overlapsBusy(index, 25, 30, "a")).toBe(false);
  });

  it("drops empty blocks and leaves the input alone", () => {
    const blocks = [block("x", 30, 20), block("y", 5, 5), block("z", 1, 2)];
    const copy = structuredClone(blocks);
    const empty = buildBusyIndex(blocks);
    expect(overlapsBusy(empty, 0, 100)).toBe(true);
    expect(overlapsBusy(empty, 3, 100)).toBe(false);
    expect(blocks).toEqual(copy);
  });

  it("agrees with a linear scan", () => {
    const blockArb = fc
      .tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 30 }))
      .map(([from, length]) => block(`e${from}-${length}`, from, from + length));
    fc.assert(
      fc.property(
        fc.array(blockArb, { maxLength: 12 }),
        fc.integer({ min: -10, max: 130 }),
        fc.integer({ min: 1, max: 40 }),
        (blocks, from, length) => {
          const to = from + length;
          const expected = blocks.some((b) => b.from < to && from < b.to);
          expect(overlapsBusy(buildBusyIndex(blocks), from, to)).toBe(expected);
        },
      ),
      { numRuns: 200 },
    );
  });
});
