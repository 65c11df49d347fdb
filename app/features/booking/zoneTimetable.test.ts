import { describe, expect, it } from "vitest";
import type { TimetableResponse } from "../../../core/api/timetable";
import { retimeTimetable } from "./zoneTimetable";

const reference = "/timetable?userLink=ana&eventTypeLink=call";
const monthPath = (zone: string) =>
  `${reference}&start=2027-01-01&end=2027-01-31&timezone=${encodeURIComponent(zone)}&check_first_available=true`;

/** A Berlin answer over January with two days' margin: 09:00 and 17:00 Berlin on each date given. */
function berlinMargin(dates: string[], extra: Partial<TimetableResponse> = {}): TimetableResponse {
  return {
    timetable: dates.map((date) => ({
      date,
      slots: {
        "09:00": { start: `${date}T08:00:00Z` },
        "17:00": { start: `${date}T16:00:00Z` },
      },
    })),
    formerTime: null,
    firstDate: dates[0] ?? null,
    lastDate: "2027-03-31",
    isNotAvailable: false,
    maximumDaysChecked: 90,
    ...extra,
  };
}

describe("a month's timetable read in another zone from the server's answer with a margin", () => {
  it("names the other zone's call and groups the instants by its dates and wall times", () => {
    const margin = berlinMargin(["2026-12-31", "2027-01-04", "2027-02-01"]);
    const retimed = retimeTimetable(
      monthPath("Europe/Berlin"),
      margin,
      "Europe/Berlin",
      "Pacific/Auckland",
    );
    expect(retimed?.path).toBe(monthPath("Pacific/Auckland"));
    // Auckland is 12 hours ahead: Berlin's 17:00 is the next day's 05:00 there. 31 December's
    // 17:00 Berlin falls on 1 January, 4 January's on the 5th; 1 February's is outside.
    expect(retimed?.body.timetable).toEqual([
      { date: "2027-01-01", slots: { "05:00": { start: "2026-12-31T16:00:00Z" } } },
      {
        date: "2027-01-04",
        slots: { "21:00": { start: "2027-01-04T08:00:00Z" } },
      },
      { date: "2027-01-05", slots: { "05:00": { start: "2027-01-04T16:00:00Z" } } },
    ]);
    expect(retimed?.body.firstDate).toBe("2027-01-01");
    expect(retimed?.body.lastDate).toBe("2027-03-31");
  });

  it("keeps the date after the month as the first free one when the month has none", () => {
    const retimed = retimeTimetable(
      monthPath("Europe/Berlin"),
      berlinMargin(["2027-02-01"]),
      "Europe/Berlin",
      "America/New_York",
    );
    expect(retimed?.body.timetable).toEqual([]);
    expect(retimed?.body.firstDate).toBe("2027-02-01");
    expect(retimed?.body.isNotAvailable).toBe(false);
  });

  it("says nothing when the margin cannot tell: times only before the month", () => {
    expect(
      retimeTimetable(
        monthPath("Europe/Berlin"),
        berlinMargin(["2026-12-30"]),
        "Europe/Berlin",
        "America/New_York",
      ),
    ).toBeNull();
    // Nor when the host is away near the month: those dates are the answer's zone's.
    const away = berlinMargin(["2027-01-04"], {
      outOfOffice: [{ startDate: "2027-01-05", endDate: "2027-01-05", note: "", colleague: null }],
    });
    expect(
      retimeTimetable(monthPath("Europe/Berlin"), away, "Europe/Berlin", "America/New_York"),
    ).toBeNull();
    // Nor for a call in another zone than the answer's.
    expect(
      retimeTimetable(monthPath("Asia/Tokyo"), berlinMargin([]), "Europe/Berlin", "Asia/Tokyo"),
    ).toBeNull();
  });

  it("keys the second reading of a repeated hour by its offset, as the server does", () => {
    // New York's clocks go back at 02:00 on 7 November 2027: 01:30 happens twice.
    const path = `${reference}&start=2027-11-01&end=2027-11-30&timezone=UTC&check_first_available=true`;
    const margin: TimetableResponse = {
      timetable: [
        {
          date: "2027-11-07",
          slots: {
            "05:30": { start: "2027-11-07T05:30:00Z" },
            "06:30": { start: "2027-11-07T06:30:00Z" },
          },
        },
      ],
      formerTime: null,
      firstDate: "2027-11-07",
      lastDate: null,
      isNotAvailable: false,
      maximumDaysChecked: 90,
    };
    const retimed = retimeTimetable(path, margin, "UTC", "America/New_York");
    expect(retimed?.body.timetable[0]?.slots).toEqual({
      "01:30": { start: "2027-11-07T05:30:00Z" },
      "01:30-05:00": { start: "2027-11-07T06:30:00Z" },
    });
  });
});
