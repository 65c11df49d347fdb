import { describe, expect, it } from "vitest";
import { mergeBusyIntervals } from "./busyLimits";

describe("mergeBusyIntervals", () => {
  it("makes overlapping and touching intervals one, keeping the earliest's UID, and sorts them", () => {
    expect(
      mergeBusyIntervals([
        { uid: "c", start: 50, end: 60 },
        { uid: "a", start: 0, end: 10 },
        { uid: "b", start: 10, end: 20 },
        { uid: "d", start: 5, end: 15 },
        { uid: "e", start: 21, end: 30 },
        { uid: "f", start: 22, end: 25 },
      ]),
    ).toEqual([
      { uid: "a", start: 0, end: 20 },
      { uid: "e", start: 21, end: 30 },
      { uid: "c", start: 50, end: 60 },
    ]);
  });

  it("leaves its argument as it was", () => {
    const intervals = [
      { uid: "b", start: 5, end: 30 },
      { uid: "a", start: 0, end: 10 },
    ];
    mergeBusyIntervals(intervals);
    expect(intervals).toEqual([
      { uid: "b", start: 5, end: 30 },
      { uid: "a", start: 0, end: 10 },
    ]);
  });
});
