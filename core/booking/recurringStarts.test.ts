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

  it("moves a time the spring gap skips forward by the gap's length, as RFC 5545 reads the RRULE", () => {
    // Sunday 2027-03-21 02:30 CET exists; a week later 02:30 is inside the gap (02:00 → 03:00),
    // so that meeting is at 03:30 CEST; the week after is 02:30 CEST again.
    const starts = recurringStarts(Date.parse("2027-03-21T01:30:00Z"), "Europe/Berlin", 1, 3);
    expect(iso(starts)).toEqual([
      "2027-03-21T01:30:00.000Z",
      "2027-03-28T01:30:00.000Z",
      "2027-04-04T00:30:00.000Z",
    ]);
  });

  it("moves a skipped time by a gap of half an hour (Lord Howe)", () => {
    // Australia/Lord_Howe goes from +10:30 to +11:00 at 02:00 on Sunday 2026-10-04: Sunday
    // 02:15 a week after 2026-09-27 does not exist and is 02:45 (+11:00), the same UTC time.
    const starts = recurringStarts(Date.parse("2026-09-26T15:45:00Z"), "Australia/Lord_Howe", 1, 2);
    expect(iso(starts)).toEqual(["2026-09-26T15:45:00.000Z", "2026-10-03T15:45:00.000Z"]);
  });

  it("takes the earlier of a repeated time (Berlin, the autumn overlap)", () => {
    // Sunday 2026-10-18 02:30 CEST; on 2026-10-25 02:30 happens twice (CEST, then CET).
    const starts = recurringStarts(Date.parse("2026-10-18T00:30:00Z"), "Europe/Berlin", 1, 3);
    expect(iso(starts)).toEqual([
      "2026-10-18T00:30:00.000Z",
      "2026-10-25T00:30:00.000Z",
      "2026-11-01T01:30:00.000Z",
    ]);
  });

  it("moves a time the spring gap skips in New York forward by the hour", () => {
    // Sunday 2027-03-07 02:30 EST; on 2027-03-14 the clocks jump from 02:00 to 03:00, so that
    // meeting is at 03:30 EDT (the same UTC time), and the week after at 02:30 EDT again.
    const starts = recurringStarts(Date.parse("2027-03-07T07:30:00Z"), "America/New_York", 1, 3);
    expect(iso(starts)).toEqual([
      "2027-03-07T07:30:00.000Z",
      "2027-03-14T07:30:00.000Z",
      "2027-03-21T06:30:00.000Z",
    ]);
  });

  it("takes the earlier of a repeated time (New York, the autumn overlap)", () => {
    // Sunday 2026-10-25 01:30 EDT; on 2026-11-01 01:30 happens twice (EDT, then EST).
    const starts = recurringStarts(Date.parse("2026-10-25T05:30:00Z"), "America/New_York", 1, 3);
    expect(iso(starts)).toEqual([
      "2026-10-25T05:30:00.000Z",
      "2026-11-01T05:30:00.000Z",
      "2026-11-08T06:30:00.000Z",
    ]);
  });

  it("gives the same instants whatever the process's own zone is", () => {
    const original = process.env.TZ;
    const runs: string[][] = [];
    try {
      for (const zone of [
        "UTC",
        "Europe/Berlin",
        "America/Los_Angeles",
        "Pacific/Auckland",
        "Asia/Kolkata",
      ]) {
        process.env.TZ = zone;
        runs.push(iso(recurringStarts(Date.parse("2027-03-21T01:30:00Z"), "Europe/Berlin", 1, 3)));
        runs.push(
          iso(recurringStarts(Date.parse("2027-03-07T10:30:00Z"), "America/New_York", 1, 2)),
        );
      }
    } finally {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    }
    for (let i = 2; i < runs.length; i++) expect(runs[i]).toEqual(runs[i % 2]);
    // New York: Sunday 2027-03-07 05:30 EST, then 2027-03-14 05:30 EDT.
    expect(runs[1]).toEqual(["2027-03-07T10:30:00.000Z", "2027-03-14T09:30:00.000Z"]);
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
