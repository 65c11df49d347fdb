import { describe, expect, it } from "vitest";
import { calendarLocale, intlLocale } from "./intlLocale";

describe("intlLocale", () => {
  it("formats informal German as German", () => {
    expect(intlLocale("de-du")).toBe("de");
    expect(intlLocale("fa")).toBe("fa");
  });
});

describe("calendarLocale", () => {
  const date = new Date("2026-11-23T12:00:00Z");
  const month = (locale: string) =>
    new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(
      date,
    );

  it("shows Persian months with Persian digits for fa in the Persian calendar", () => {
    // ICU writes the Persian calendar's year first in fa.
    expect(month(calendarLocale("fa", "persian")).split(" ").sort()).toEqual(["آذر", "۱۴۰۵"]);
  });

  it("keeps fa's Persian digits but Gregorian months in the Gregorian calendar", () => {
    expect(month(calendarLocale("fa", "gregorian"))).toBe("نوامبر ۲۰۲۶");
  });

  it("is Gregorian for other languages unless asked", () => {
    expect(month(calendarLocale("de-du", "gregorian"))).toBe("November 2026");
  });
});
