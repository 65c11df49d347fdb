import { describe, expect, it } from "vitest";
import { bucketStarts } from "./bucketStarts";

describe("bucketStarts", () => {
  it("lists every day of the period, both ends included", () => {
    expect(bucketStarts("2026-02-27", "2026-03-02", "day")).toEqual([
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
    ]);
  });

  it("starts weeks on the Monday on or before the first day", () => {
    // 2026-03-04 is a Wednesday; 2026-03-16 a Monday.
    expect(bucketStarts("2026-03-04", "2026-03-16", "week")).toEqual([
      "2026-03-02",
      "2026-03-09",
      "2026-03-16",
    ]);
  });

  it("starts months on their first, across a year's end", () => {
    expect(bucketStarts("2025-11-15", "2026-01-01", "month")).toEqual([
      "2025-11-01",
      "2025-12-01",
      "2026-01-01",
    ]);
  });

  it("gives one bucket for a one-day period", () => {
    expect(bucketStarts("2026-05-31", "2026-05-31", "month")).toEqual(["2026-05-01"]);
  });
});
