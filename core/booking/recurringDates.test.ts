import { describe, expect, it } from "vitest";
import { recurringDates } from "./recurringDates";

describe("recurringDates", () => {
  it("counts weeks on the calendar, across month and year ends and DST changes", () => {
    expect(recurringDates("2026-12-22", 1, 3)).toEqual(["2026-12-22", "2026-12-29", "2027-01-05"]);
    expect(recurringDates("2027-03-15", 2, 3)).toEqual(["2027-03-15", "2027-03-29", "2027-04-12"]);
    expect(recurringDates("2027-03-15", 1, 1)).toEqual(["2027-03-15"]);
  });
});
