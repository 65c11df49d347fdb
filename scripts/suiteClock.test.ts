import { describe, expect, it } from "vitest";
import {
  berlinDate,
  berlinInstant,
  clockChangeDayAhead,
  monthEndAhead,
  suiteDay,
  suiteInstant,
  sweep,
} from "./suiteClock.mjs";

describe("the browser suite's instants", () => {
  it("reads Berlin wall times in winter, summer and across both clock changes", () => {
    expect(berlinInstant("2026-12-08", "09:30").toISOString()).toBe("2026-12-08T08:30:00.000Z");
    expect(berlinInstant("2027-06-08", "09:19").toISOString()).toBe("2027-06-08T07:19:00.000Z");
    expect(berlinInstant("2027-03-28", "01:55").toISOString()).toBe("2027-03-28T00:55:00.000Z");
    expect(berlinInstant("2027-03-28", "03:00").toISOString()).toBe("2027-03-28T01:00:00.000Z");
    expect(() => berlinInstant("2027-03-28", "02:30")).toThrow("does not exist");
    // 02:30 happens twice on the last Sunday of October: the first, in summer time.
    expect(berlinInstant("2027-10-31", "02:30").toISOString()).toBe("2027-10-31T00:30:00.000Z");
    expect(berlinDate(new Date("2026-12-08T23:05:00Z"))).toBe("2026-12-09");
  });

  it("picks a Tuesday, a month's end and a clock change at least a week ahead", () => {
    expect(suiteDay("2026-11-28")).toBe("2026-12-08");
    expect(suiteDay("2026-12-01")).toBe("2026-12-08");
    expect(monthEndAhead("2026-11-28")).toBe("2026-12-31");
    expect(monthEndAhead("2026-11-20")).toBe("2026-11-30");
    expect(clockChangeDayAhead("2026-11-28")).toBe("2027-03-28");
    expect(clockChangeDayAhead("2027-04-01")).toBe("2027-10-31");
  });

  it("takes SLOTTED_FAKE_NOW as an hour, a Berlin wall time or an instant, and refuses the rest", () => {
    const today = "2026-11-28";
    expect(suiteInstant(undefined, today).toISOString()).toBe("2026-12-08T08:30:00.000Z");
    expect(suiteInstant("23:55", today).toISOString()).toBe("2026-12-08T22:55:00.000Z");
    expect(suiteInstant("2027-06-08T09:19", today).toISOString()).toBe("2027-06-08T07:19:00.000Z");
    expect(suiteInstant("2027-06-08T07:19:00Z", today).toISOString()).toBe(
      "2027-06-08T07:19:00.000Z",
    );
    for (const wrong of ["9:19", "tomorrow", "2027-06-08", "2027-13-08T07:19:00Z"]) {
      expect(() => suiteInstant(wrong, today)).toThrow("SLOTTED_FAKE_NOW must be");
    }
  });

  it("sweeps four hours of a weekday, a month's last evening and a clock-change night", () => {
    const instants = sweep("2026-11-28").map((run) => suiteInstant(run.fakeNow, "2026-11-28"));
    expect(instants.map((instant) => instant.toISOString())).toEqual([
      "2026-12-07T23:05:00.000Z",
      "2026-12-08T08:19:00.000Z",
      "2026-12-08T15:04:00.000Z",
      "2026-12-08T22:55:00.000Z",
      "2026-12-31T22:55:00.000Z",
      "2027-03-28T00:55:00.000Z",
    ]);
  });
});
