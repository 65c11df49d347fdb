import { describe, expect, it } from "vitest";
import { DomainError } from "../errors";
import { parseLocalDate } from "../time/localDate";
import { buildOffsetTimeline } from "../time/offsetTimeline";
import { scheduleIntervals } from "./scheduleIntervals";
import { buildSchedule, range } from "./testing/buildAvailabilityInput";
import type { Schedule } from "./types";

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16);

function intervalsOn(schedule: Schedule, first: string, last = first): string[] {
  const timeline = buildOffsetTimeline(
    schedule.timeZone,
    Date.parse("2027-01-01T00:00:00Z"),
    Date.parse("2028-01-01T00:00:00Z"),
  );
  return scheduleIntervals(schedule, timeline, parseLocalDate(first), parseLocalDate(last)).map(
    (i) => `${iso(i.start)}/${iso(i.end)}`,
  );
}

describe("scheduleIntervals", () => {
  it.each<[string, Partial<Schedule>, string, string, string[]]>([
    ["a weekly range", {}, "2027-06-07", "2027-06-07", ["2027-06-07T07:00/2027-06-07T15:00"]],
    ["no range on a missing weekday", {}, "2027-06-05", "2027-06-06", []],
    [
      "several ranges per day, unsorted",
      { weekly: { MON: [range("14:00", "16:00"), range("09:00", "11:00")] } },
      "2027-06-07",
      "2027-06-07",
      ["2027-06-07T07:00/2027-06-07T09:00", "2027-06-07T12:00/2027-06-07T14:00"],
    ],
    [
      "touching and overlapping ranges merged",
      {
        weekly: {
          MON: [range("09:00", "10:30"), range("10:30", "12:00"), range("11:00", "12:30")],
        },
      },
      "2027-06-07",
      "2027-06-07",
      ["2027-06-07T07:00/2027-06-07T10:30"],
    ],
    [
      "an override replacing a weekday",
      { overrides: [{ date: "2027-06-07", intervals: [range("13:00", "15:00")] }] },
      "2027-06-07",
      "2027-06-08",
      ["2027-06-07T11:00/2027-06-07T13:00", "2027-06-08T07:00/2027-06-08T15:00"],
    ],
    [
      "an empty override: a day off",
      { overrides: [{ date: "2027-06-07", intervals: [] }] },
      "2027-06-07",
      "2027-06-08",
      ["2027-06-08T07:00/2027-06-08T15:00"],
    ],
    [
      "an override on a weekend day",
      { overrides: [{ date: "2027-06-06", intervals: [range("10:00", "12:00")] }] },
      "2027-06-06",
      "2027-06-06",
      ["2027-06-06T08:00/2027-06-06T10:00"],
    ],
    [
      "a range ending at 24:00, merged with the next day's 00:00",
      { weekly: { MON: [range("22:00", "24:00")], TUE: [range("00:00", "01:00")] } },
      "2027-06-07",
      "2027-06-08",
      ["2027-06-07T20:00/2027-06-07T23:00"],
    ],
    [
      "00:00-04:00 when clocks spring forward: 3 real hours",
      { weekly: { SUN: [range("00:00", "04:00")] } },
      "2027-03-28",
      "2027-03-28",
      ["2027-03-27T23:00/2027-03-28T02:00"],
    ],
    [
      "00:00-04:00 when clocks fall back: 5 real hours",
      { weekly: { SUN: [range("00:00", "04:00")] } },
      "2027-10-31",
      "2027-10-31",
      ["2027-10-30T22:00/2027-10-31T03:00"],
    ],
    [
      "a range inside the spring-forward gap: nothing",
      { weekly: { SUN: [range("02:00", "03:00")] } },
      "2027-03-28",
      "2027-03-28",
      [],
    ],
    [
      "a range starting in the gap starts at the transition",
      { weekly: { SUN: [range("02:30", "04:00")] } },
      "2027-03-28",
      "2027-03-28",
      ["2027-03-28T01:00/2027-03-28T02:00"],
    ],
    [
      "the repeated hour: earliest start, latest end",
      { weekly: { SUN: [range("02:00", "02:30")] } },
      "2027-10-31",
      "2027-10-31",
      ["2027-10-31T00:00/2027-10-31T01:30"],
    ],
    [
      "Asia/Kolkata's half-hour offset",
      { timeZone: "Asia/Kolkata" },
      "2027-06-07",
      "2027-06-07",
      ["2027-06-07T03:30/2027-06-07T11:30"],
    ],
  ])("%s", (_, overrides, first, last, expected) => {
    expect(intervalsOn(buildSchedule(overrides), first, last)).toEqual(expected);
  });

  it.each<[Partial<Schedule>, string]>([
    [{ weekly: { MON: [range("10:00", "09:00")] } }, "weekly.MON.0.end"],
    [{ weekly: { MON: [range("10:00", "10:00")] } }, "weekly.MON.0.end"],
    [{ weekly: { TUE: [range("09:00", "10:00"), range("9:00", "10:00")] } }, "weekly.TUE.1.start"],
    [{ weekly: { MON: [range("09:00", "24:30")] } }, "weekly.MON.0.end"],
    [{ overrides: [{ date: "2027-02-30", intervals: [] }] }, "overrides.0.date"],
    [
      { overrides: [{ date: "2027-06-07", intervals: [range("12:00", "11:00")] }] },
      "overrides.0.intervals.0.end",
    ],
  ])("throws VALIDATION naming the field (%#)", (overrides, field) => {
    try {
      intervalsOn(buildSchedule(overrides), "2027-06-07");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).fields).toHaveProperty([field]);
    }
  });
});
