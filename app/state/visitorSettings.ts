import type { CalendarType } from "../../core/i18n/intlLocale";
import { timeZoneAliases } from "../../core/time/timeZoneAliases";
import { browserTimeZone } from "../lib/browserTimeZone";
import { readCookie } from "../lib/readCookie";

// React-free: the early requests (app/early.ts) read these before the app's code has arrived.

export const timeZoneCookie = "time_zone";
export const calendarTypeCookie = "calendar_type";

/** The calendar type a `calendar_type` cookie value names; Gregorian for anything else. */
export function parseCalendarType(value: string | undefined): CalendarType {
  return value === "persian" ? "persian" : "gregorian";
}

/** The visitor's time zone: their stored choice, else the browser's (reads the environment). */
export function visitorTimeZone(): string {
  const zone =
    readCookie(timeZoneCookie) ||
    (typeof window !== "undefined" ? browserTimeZone() : "Europe/Berlin");
  // Browsers (ICU) still report some zones by their old names, e.g. Asia/Calcutta.
  return timeZoneAliases[zone] ?? zone;
}

/** The calendar the visitor chose (reads the cookie). */
export function visitorCalendarType(): CalendarType {
  return parseCalendarType(readCookie(calendarTypeCookie));
}
