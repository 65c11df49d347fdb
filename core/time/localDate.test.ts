import fc from "fast-check";
import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { DomainError } from "../errors";
import {
  addDays,
  compareLocalDates,
  daysBetween,
  formatLocalDate,
  isLocalDate,
  mondayOnOrBefore,
  parseLocalDate,
  tryParseLocalDate,
  weekdayOf,
  weekdayOfEpochDay,
} from "./localDate";

describe("parseLocalDate / formatLocalDate", () => {
  it.each([
    ["1970-01-01", 0],
    ["1970-01-02", 1],
    ["1969-12-31", -1],
    ["2000-02-29", 11_016],
    ["2027-03-28", 20_905],
    ["0001-01-01", -719_162],
    ["9999-12-31", 2_932_896],
  ])("%s is day %i", (date, day) => {
    expect(parseLocalDate(date)).toBe(day);
    expect(formatLocalDate(day)).toBe(date);
  });

  it.each([
    "2027-02-29",
    "1900-02-29",
    "2027-13-01",
    "2027-00-10",
    "2027-04-31",
    "2027-1-01",
    "27-01-01",
    "2027-01-01T00:00",
    " 2027-01-01",
    "",
  ])("rejects %j", (date) => {
    expect(tryParseLocalDate(date)).toBeNull();
    expect(isLocalDate(date)).toBe(false);
    expect(() => parseLocalDate(date, "window.startDate")).toThrow(DomainError);
    try {
      parseLocalDate(date, "window.startDate");
    } catch (error) {
      expect(error).toMatchObject({
        code: "VALIDATION",
        detail: { key: "time.invalidDate", params: { date } },
        fields: { "window.startDate": [{ key: "time.expectedDate", params: {} }] },
      });
    }
  });

  it("agrees with Temporal.PlainDate for any date of years 1-9999", () => {
    fc.assert(
      fc.property(fc.integer({ min: -719_162, max: 2_932_896 }), (day) => {
        const expected = Temporal.PlainDate.from("1970-01-01").add({ days: day }).toString();
        expect(formatLocalDate(day)).toBe(expected);
        expect(parseLocalDate(expected)).toBe(day);
      }),
      { numRuns: 300 },
    );
  });
});

describe("addDays, daysBetween, compareLocalDates", () => {
  it.each([
    ["2027-01-31", 1, "2027-02-01"],
    ["2027-02-28", 1, "2027-03-01"],
    ["2028-02-28", 1, "2028-02-29"],
    ["2027-12-31", 1, "2028-01-01"],
    ["2027-03-01", -1, "2027-02-28"],
    ["2027-03-28", 0, "2027-03-28"],
    ["2027-01-01", 365, "2028-01-01"],
  ])("addDays(%s, %i) is %s", (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
    expect(daysBetween(date, expected)).toBe(days);
  });

  it.each([
    ["2027-01-01", "2027-01-02", -1],
    ["2027-01-02", "2027-01-01", 1],
    ["2027-05-05", "2027-05-05", 0],
    ["2026-12-31", "2027-01-01", -1],
  ] as const)("compareLocalDates(%s, %s) is %i", (a, b, expected) => {
    expect(compareLocalDates(a, b)).toBe(expected);
  });

  it("throws VALIDATION on a bad date", () => {
    expect(() => addDays("2027-02-30", 1)).toThrow(DomainError);
  });
});

describe("weekdayOf", () => {
  it.each([
    ["1970-01-01", "THU"],
    ["2027-03-28", "SUN"],
    ["2027-03-29", "MON"],
    ["2027-10-31", "SUN"],
    ["2027-11-07", "SUN"],
    ["2027-11-10", "WED"],
    ["1969-12-29", "MON"],
    ["2000-01-01", "SAT"],
  ])("%s is a %s", (date, weekday) => {
    expect(weekdayOf(date)).toBe(weekday);
  });

  it("agrees with Temporal's dayOfWeek", () => {
    const names = ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"];
    fc.assert(
      fc.property(fc.integer({ min: -100_000, max: 100_000 }), (day) => {
        const date = Temporal.PlainDate.from("1970-01-01").add({ days: day });
        expect(weekdayOfEpochDay(day)).toBe(names[date.dayOfWeek - 1]);
      }),
      { numRuns: 200 },
    );
  });
});

describe("mondayOnOrBefore", () => {
  it.each([
    ["2027-06-07", "2027-06-07"],
    ["2027-06-08", "2027-06-07"],
    ["2027-06-13", "2027-06-07"],
    ["2027-06-14", "2027-06-14"],
    ["1970-01-01", "1969-12-29"],
  ])("%s -> %s", (date, monday) => {
    expect(formatLocalDate(mondayOnOrBefore(parseLocalDate(date)))).toBe(monday);
  });
});
