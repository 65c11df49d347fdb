import { describe, expect, it } from "vitest";
import { bookingPagePaths } from "./bookingPagePaths";

const visitor = {
  timeZone: "America/New_York",
  calendarType: "gregorian" as const,
  // 2026-12-01 03:00 UTC: still November 30 in New York.
  now: Date.parse("2026-12-01T03:00:00Z"),
  search: "",
};

describe("bookingPagePaths", () => {
  it("asks for the event type and the visitor's current month, in their zone", () => {
    const paths = bookingPagePaths({ username: "ada", event: "intro" }, visitor);
    expect(paths?.eventType).toBe("/user/ada/intro");
    const timetable = new URL(`http://x${paths?.timetable}`);
    expect(timetable.searchParams.get("start")).toBe("2026-11-01");
    expect(timetable.searchParams.get("end")).toBe("2026-11-30");
    expect(timetable.searchParams.get("timezone")).toBe("America/New_York");
  });

  it("asks for the month and duration the address names", () => {
    const paths = bookingPagePaths(
      { username: "ada", event: "intro" },
      { ...visitor, search: "?month=2027-02&duration=60" },
    );
    const timetable = new URL(`http://x${paths?.timetable}`);
    expect(timetable.searchParams.get("start")).toBe("2027-02-01");
    expect(timetable.searchParams.get("duration")).toBe("60");
  });

  it("is null for a path that names no event type", () => {
    expect(bookingPagePaths({}, visitor)).toBeNull();
  });
});
