import { describe, expect, it } from "vitest";
import {
  formatDayOfMonth,
  formatLongDate,
  formatMonth,
  formatPrice,
  formatTime,
  isoDateInZone,
  weekdayNames,
  zoneOffsetLabel,
} from "./formatters";

const space = (text: string) => text.replace(/\s/g, " ");

describe("formatters", () => {
  it("writes the full date a date button is named by", () => {
    expect(formatLongDate("2026-11-23", "en")).toBe("Monday, November 23, 2026");
    expect(formatMonth("2026-11", "en")).toBe("November 2026");
  });

  it("names a Persian month and writes fa's day numbers in Persian digits", () => {
    expect(formatMonth("p1405-09", "en-u-ca-persian")).toBe("Azar 1405 AP");
    expect(formatMonth("p1405-09", "fa-u-ca-persian")).toContain("آذر");
    expect(formatDayOfMonth("2026-11-22", "fa-u-ca-persian")).toBe("۱");
    expect(formatDayOfMonth("2026-11-22", "fa-u-ca-gregory")).toBe("۲۲");
  });

  it("writes a Persian full date as Persian does: weekday, day, month, year", () => {
    expect(formatLongDate("2026-11-30", "fa-u-ca-persian")).toBe("دوشنبه ۹ آذر ۱۴۰۵");
    expect(formatLongDate("2026-11-30", "fa-u-ca-gregory")).toBe("دوشنبه ۳۰ نوامبر ۲۰۲۶");
  });

  it("names the weekdays from the calendar's first", () => {
    expect(weekdayNames("en", "long")[0]).toBe("Monday");
    expect(weekdayNames("en", "long", 6)).toEqual([
      "Saturday",
      "Sunday",
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
    ]);
  });

  it("writes times in 24h or 12h in the given zone", () => {
    const instant = "2026-11-23T08:30:00Z";
    expect(formatTime(instant, "Europe/Berlin", 24, "en")).toBe("09:30");
    expect(space(formatTime(instant, "Europe/Berlin", 12, "en"))).toBe("9:30 AM");
    expect(formatTime(instant, "America/New_York", 24, "en")).toBe("03:30");
  });

  it("starts weeks on Monday", () => {
    expect(weekdayNames("en")).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
  });

  it("labels offsets and money", () => {
    expect(zoneOffsetLabel("Asia/Kolkata", Date.parse("2026-01-01T00:00:00Z"))).toBe("GMT+05:30");
    expect(formatPrice(2500, "EUR", "en")).toBe("€25.00");
    expect(formatPrice(1000, "JPY", "en")).toBe("¥1,000");
  });
});

describe("isoDateInZone", () => {
  it("gives the date in the zone, not in UTC", () => {
    const instant = Date.parse("2026-11-23T23:30:00Z");
    expect(isoDateInZone(instant, "UTC")).toBe("2026-11-23");
    expect(isoDateInZone(instant, "Europe/Berlin")).toBe("2026-11-24");
    expect(isoDateInZone(instant, "America/Los_Angeles")).toBe("2026-11-23");
  });
});
