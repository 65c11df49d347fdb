import { describe, expect, it } from "vitest";
import {
  addMonths,
  calendarWeeks,
  firstDayOfMonth,
  lastDayOfMonth,
  monthOf,
  monthToShow,
  persianDate,
  weekStart,
} from "./calendarMonth";

describe("calendarWeeks", () => {
  it("starts weeks on Monday and pads with null", () => {
    // November 2026 starts on a Sunday.
    const weeks = calendarWeeks("2026-11");
    expect(weeks[0]?.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(weeks[0]?.[6]).toEqual({
      id: "2026-11-01",
      year: 2026,
      month: 11,
      dayOfMonth: 1,
      dayOfWeek: 7,
      isHoliday: true,
    });
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    const monday23 = weeks.flat().find((day) => day?.id === "2026-11-23");
    expect(monday23).toMatchObject({ dayOfWeek: 1, isHoliday: false });
  });

  it("handles February of a leap year", () => {
    // 2028-02-01 is a Tuesday; 29 days.
    const days = calendarWeeks("2028-02").flat();
    expect(days.filter(Boolean)).toHaveLength(29);
    expect(days[1]?.id).toBe("2028-02-01");
  });
});

describe("month arithmetic", () => {
  it("crosses years both ways", () => {
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2027-01", -1)).toBe("2026-12");
    expect(addMonths("2026-11", 3)).toBe("2027-02");
    expect(lastDayOfMonth("2026-02")).toBe("2026-02-28");
  });
});

describe("Persian months", () => {
  it("finds the Persian month of a Gregorian date", () => {
    // 2026-11-23 is 2 Azar 1405.
    expect(persianDate("2026-11-23")).toEqual({ year: 1405, month: 9, day: 2 });
    expect(monthOf("2026-11-23", "persian")).toBe("p1405-09");
  });

  it("spans Gregorian dates from the 1st to the last of the Persian month", () => {
    expect(firstDayOfMonth("p1405-09")).toBe("2026-11-22");
    expect(lastDayOfMonth("p1405-09")).toBe("2026-12-21");
    // Farvardin 1 (Nowruz) and Esfand of a leap year (1403 has 30 days in Esfand).
    expect(firstDayOfMonth("p1405-01")).toBe("2026-03-21");
    expect(firstDayOfMonth("p1404-01")).toBe("2025-03-21");
    expect(lastDayOfMonth("p1403-12")).toBe("2025-03-20");
    for (let i = 0; i < 40; i += 1) {
      const month = addMonths("p1400-01", i);
      expect(monthOf(firstDayOfMonth(month), "persian")).toBe(month);
      expect(monthOf(lastDayOfMonth(month), "persian")).toBe(month);
    }
  });

  it("steps across the Persian new year", () => {
    expect(addMonths("p1405-12", 1)).toBe("p1406-01");
    expect(addMonths("p1406-01", -1)).toBe("p1405-12");
  });

  it("starts a Persian month's weeks on Saturday, with Friday its weekend", () => {
    expect(weekStart("p1405-09")).toBe(6);
    expect(weekStart("2026-11")).toBe(1);
    // 1 Azar 1405 is Sunday 22 November 2026: the second cell of a week starting Saturday.
    const [first] = calendarWeeks("p1405-09");
    expect(first![0]).toBeNull();
    expect(first![1]).toMatchObject({ id: "2026-11-22", dayOfWeek: 7, isHoliday: false });
    expect(first![6]).toMatchObject({ id: "2026-11-27", dayOfWeek: 5, isHoliday: true });
    // Gregorian weeks still start on Monday, Saturday and Sunday their weekend.
    const [november] = calendarWeeks("2026-11");
    expect(november![6]).toMatchObject({ id: "2026-11-01", dayOfWeek: 7, isHoliday: true });
  });

  it("lays out a Persian month's weeks with Persian day numbers", () => {
    const days = calendarWeeks("p1405-09").flat().filter(Boolean);
    expect(days).toHaveLength(30);
    expect(days[0]).toMatchObject({ id: "2026-11-22", year: 1405, month: 9, dayOfMonth: 1 });
  });
});

describe("monthToShow", () => {
  it("shows the given month of the page's calendar", () => {
    expect(monthToShow("2027-01", "2027-02-03", "2026-11-25", "gregorian")).toBe("2027-01");
    expect(monthToShow("p1405-10", null, "2026-11-25", "persian")).toBe("p1405-10");
  });

  it("opens today's month for a month already over", () => {
    expect(monthToShow("2020-01", null, "2026-11-25", "gregorian")).toBe("2026-11");
    expect(monthToShow("2026-10", null, "2026-11-25", "gregorian")).toBe("2026-11");
    expect(monthToShow("p1390-01", null, "2026-11-25", "persian")).toBe("p1405-09");
  });

  it("else the chosen date's month, else today's", () => {
    expect(monthToShow(null, "2027-02-03", "2026-11-25", "gregorian")).toBe("2027-02");
    expect(monthToShow(null, null, "2026-11-25", "gregorian")).toBe("2026-11");
    expect(monthToShow(null, null, "2026-11-25", "persian")).toBe("p1405-09");
  });

  it("turns a month of the other calendar into the month holding its first day not past", () => {
    // Azar 1405 begins on 2026-11-22; from a Gregorian link to January the Persian page shows Dey.
    expect(monthToShow("2027-01", null, "2026-11-25", "persian")).toBe("p1405-10");
    // A Persian month that began before today: today's Gregorian month.
    expect(monthToShow("p1405-09", null, "2026-11-25", "gregorian")).toBe("2026-11");
  });
});
