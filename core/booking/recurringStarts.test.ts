import { describe, expect, it } from "vitest";
import { recurringStarts } from "./recurringStarts";

const iso = (instants: number[]) => instants.map((t) => new Date(t).toISOString());

describe("recurringStarts", () => {
  it("keeps the wall-clock time across the autumn change (Berlin, CEST → CET)", () => {
    // Tuesday 2026-10-20 10:00 CEST; the clocks go back on Sunday 2026-10-25.
    const starts = recurringStarts(Date.parse("2026-10-20T08:00:00Z"), "Europe/Berlin", 1, 3);
    expect(iso(starts)).toEqual([
      "2026-10-20T08:00:00.000Z",
      "2026-10-27T09:00:00.000Z",
      "2026-11-03T09:00:00.000Z",
    ]);
  });

  it("keeps the wall-clock time across the spring change, every two weeks (New York)", () => {
    // Monday 2027-03-01 09:30 EST; DST starts on Sunday 2027-03-14.
    const starts = recurringStarts(Date.parse("2027-03-01T14:30:00Z"), "America/New_York", 2, 3);
    expect(iso(starts)).toEqual([
      "2027-03-01T14:30:00.000Z",
      "2027-03-15T13:30:00.000Z",
      "2027-03-29T13:30:00.000Z",
    ]);
  });

  it("moves a time the spring gap skips to the first instant after it", () => {
    // Sunday 2027-03-21 02:30 CET exists; a week later 02:30 is inside the gap (02:00 → 03:00).
    const starts = recurringStarts(Date.parse("2027-03-21T01:30:00Z"), "Europe/Berlin", 1, 3);
    expect(iso(starts)).toEqual([
      "2027-03-21T01:30:00.000Z",
      "2027-03-28T01:00:00.000Z",
      "2027-04-04T00:30:00.000Z",
    ]);
  });

  it("is plain weekly arithmetic in a zone without DST", () => {
    const first = Date.parse("2026-12-01T00:00:00Z");
    const starts = recurringStarts(first, "Asia/Tokyo", 1, 4);
    expect(starts).toEqual([0, 1, 2, 3].map((i) => first + i * 7 * 86_400_000));
  });

  it("gives one start for a count of one", () => {
    expect(recurringStarts(0, "UTC", 3, 1)).toEqual([0]);
  });

  it("rejects an unknown zone", () => {
    expect(() => recurringStarts(0, "Mars/Olympus", 1, 2)).toThrow();
  });
});
