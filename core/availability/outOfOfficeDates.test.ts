import { describe, expect, it } from "vitest";
import { outOfOfficeDates } from "./outOfOfficeDates";

describe("outOfOfficeDates", () => {
  it("is the same dates in the host's own zone", () => {
    const period = { startDate: "2027-01-13", endDate: "2027-01-14" };
    expect(outOfOfficeDates(period, "Europe/Berlin", "Europe/Berlin")).toEqual(period);
  });

  it("spans the day before and the day itself for a viewer in Los Angeles of an Auckland day", () => {
    // 2027-01-13 00:00 NZDT (+13) is 2027-01-12 03:00 PST; 24:00 is 2027-01-13 03:00 PST.
    expect(
      outOfOfficeDates(
        { startDate: "2027-01-13", endDate: "2027-01-13" },
        "Pacific/Auckland",
        "America/Los_Angeles",
      ),
    ).toEqual({ startDate: "2027-01-12", endDate: "2027-01-13" });
  });

  it("reaches the next date for a viewer east of the host", () => {
    // A Los Angeles day (PST) ends at 21:00 the next day in Auckland.
    expect(
      outOfOfficeDates(
        { startDate: "2027-01-13", endDate: "2027-01-13" },
        "America/Los_Angeles",
        "Pacific/Auckland",
      ),
    ).toEqual({ startDate: "2027-01-13", endDate: "2027-01-14" });
  });

  it("starts the evening before for a viewer an hour west (Berlin → London)", () => {
    // Berlin's 00:00 is 23:00 the day before in London, its 24:00 23:00 on the last day.
    expect(
      outOfOfficeDates(
        { startDate: "2027-01-13", endDate: "2027-01-15" },
        "Europe/Berlin",
        "Europe/London",
      ),
    ).toEqual({ startDate: "2027-01-12", endDate: "2027-01-15" });
  });
});
