import { describe, expect, it } from "vitest";
import { toTimetable } from "./timetable";

describe("toTimetable", () => {
  it("keys days by the date without dashes, with slashed dates and times in order", () => {
    const timetable = toTimetable({
      timetable: [
        {
          date: "2027-11-07",
          slots: {
            "01:30-05:00": { start: "2027-11-07T06:30:00Z" },
            "01:30": { start: "2027-11-07T05:30:00Z" },
            "00:00": { start: "2027-11-07T04:00:00Z", seatsLeft: 2 },
          },
        },
        { date: "2027-11-08", slots: {} },
      ],
      formerTime: "2027-11-01T10:00:00Z",
      firstDate: "2027-11-07",
      lastDate: "2028-01-05",
      isNotAvailable: false,
      maximumDaysChecked: 90,
    });
    expect(Object.keys(timetable.days)).toEqual(["20271107"]);
    expect(timetable.days["20271107"]).toEqual({
      isoDate: "2027-11-07",
      date: "2027/11/07",
      times: [
        { key: "00:00", start: "2027-11-07T04:00:00Z", seatsLeft: 2 },
        { key: "01:30", start: "2027-11-07T05:30:00Z" },
        { key: "01:30-05:00", start: "2027-11-07T06:30:00Z" },
      ],
    });
    expect(timetable).toMatchObject({
      formerTime: "2027-11-01T10:00:00Z",
      firstDate: "2027-11-07",
      isNotAvailable: false,
      maximumDaysChecked: 90,
    });
  });
});
