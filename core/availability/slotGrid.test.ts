import { describe, expect, it } from "vitest";
import { slotGrid } from "./slotGrid";

const M = 60_000;
const span = (start: number, end: number) => ({ start: start * M, end: end * M });
const grid = (...args: Parameters<typeof slotGrid>) => slotGrid(...args).map((t) => t / M);
const ALL = [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY] as const;

describe("slotGrid", () => {
  it.each<[string, ReturnType<typeof span>[], number, number, number[]]>([
    ["step = duration", [span(0, 180)], 60, 60, [0, 60, 120]],
    ["a smaller step", [span(0, 120)], 60, 15, [0, 15, 30, 45, 60]],
    ["a larger step", [span(0, 120)], 30, 45, [0, 45, 90]],
    ["the slot must fit", [span(0, 90)], 60, 60, [0]],
    ["the slot must fit, smaller step", [span(0, 90)], 60, 30, [0, 30]],
    ["an interval shorter than the duration", [span(0, 45)], 60, 15, []],
    ["each interval anchors its own grid", [span(0, 60), span(70, 130)], 30, 30, [0, 30, 70, 100]],
    ["no slots without a step", [span(0, 60)], 30, 0, []],
  ])("%s", (_, available, duration, step, expected) => {
    expect(grid(available, duration * M, step * M, [], ...ALL)).toEqual(expected);
  });

  it("keeps only starts in [from, to) without moving the grid", () => {
    expect(grid([span(0, 300)], 30 * M, 45 * M, [], 50 * M, 180 * M)).toEqual([90, 135]);
    expect(grid([span(0, 300)], 30 * M, 45 * M, [], 90 * M, 181 * M)).toEqual([90, 135, 180]);
  });

  it("restarts the grid at a restart instant inside an interval", () => {
    expect(grid([span(0, 300)], 45 * M, 45 * M, [100 * M], ...ALL)).toEqual([
      0, 45, 90, 100, 145, 190, 235,
    ]);
    expect(grid([span(120, 300)], 45 * M, 45 * M, [100 * M, 400 * M], ...ALL)).toEqual([
      120, 165, 210, 255,
    ]);
    expect(grid([span(0, 100), span(200, 300)], 60 * M, 60 * M, [50 * M, 250 * M], ...ALL)).toEqual(
      [0, 200],
    );
  });
});
