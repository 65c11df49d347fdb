import { describe, expect, it } from "vitest";
import { addMonths, calendarWeeks, lastDayOfMonth } from "./calendarMonth";

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
