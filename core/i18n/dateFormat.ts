// Dates, months and times as a locale writes them: the booking page's calendar uses them in the
// browser, and the server uses the same to write the page's first month (server-rendered HTML).
import { firstDayOfMonth, type MonthId } from "../time/calendarMonth";

/** 12-hour or 24-hour clock. */
export type TimeFormat = 12 | 24;

const formats = new Map<string, Intl.DateTimeFormat>();

// Creating an Intl.DateTimeFormat costs far more than using one; calendars format hundreds.
export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

// A yyyy-MM-dd date as an instant at noon UTC, formatted in UTC: the date cannot shift.
const dateAsUtc = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`);

/** 'Monday, November 23, 2026' in `locale` (Persian: 'دوشنبه ۹ آذر ۱۴۰۵'). */
export function formatLongDate(isoDate: string, locale: string): string {
  const format = dateTimeFormat(locale, {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  // ICU writes Persian "۱۴۰۵ آذر ۹, دوشنبه" (a Latin comma, the order reversed); Persian
  // writes the weekday, day, month and year in that order: "دوشنبه ۹ آذر ۱۴۰۵".
  if (!/^fa\b/i.test(locale)) return format.format(dateAsUtc(isoDate));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    format.formatToParts(dateAsUtc(isoDate)).find((p) => p.type === type)?.value ?? "";
  return [part("weekday"), part("day"), part("month"), part("year")].join(" ");
}

/**
 * 'November 2026' for a month of the calendar (Gregorian yyyy-MM, or Persian: 'آذر ۱۴۰۵'
 * with a `-u-ca-persian` locale).
 */
export function formatMonth(month: MonthId, locale: string): string {
  return dateTimeFormat(locale, { year: "numeric", month: "long", timeZone: "UTC" }).format(
    new Date(dateAsUtc(firstDayOfMonth(month)).getTime() + 14 * 86_400_000),
  );
}

/** The day of the month as the locale writes numbers ('23', or Persian digits for fa). */
export function formatDayOfMonth(isoDate: string, locale: string): string {
  return dateTimeFormat(locale, { day: "numeric", timeZone: "UTC" }).format(dateAsUtc(isoDate));
}

/** Weekday names from `firstWeekday` (1 Monday … 7 Sunday; a calendar's weekStart). */
export function weekdayNames(
  locale: string,
  width: "narrow" | "short" | "long" = "short",
  firstWeekday = 1,
): string[] {
  const format = dateTimeFormat(locale, { weekday: width, timeZone: "UTC" });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) =>
    format.format(dateAsUtc(`2024-01-0${((firstWeekday - 1 + i) % 7) + 1}`)),
  );
}

export function timeOptions(timeZone: string, timeFormat: TimeFormat): Intl.DateTimeFormatOptions {
  return timeFormat === 12
    ? { hour: "numeric", minute: "2-digit", hourCycle: "h12", timeZone }
    : { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone };
}

/** An instant's wall time in `timeZone`: '09:30' (24h) or '9:30 AM' (12h). */
export function formatTime(
  instant: string | number,
  timeZone: string,
  timeFormat: TimeFormat,
  locale: string,
): string {
  return dateTimeFormat(locale, timeOptions(timeZone, timeFormat)).format(new Date(instant));
}

/** A zone's offset at `instant`, like 'GMT+01:00' ('GMT' for zero). */
export function zoneOffsetLabel(timeZone: string, instant: number, locale = "en"): string {
  try {
    const part = dateTimeFormat(locale, { timeZone, timeZoneName: "longOffset" })
      .formatToParts(instant)
      .find((p) => p.type === "timeZoneName");
    return part?.value ?? "";
  } catch {
    return "";
  }
}

/** The yyyy-MM-dd date of an instant in `timeZone`. */
export function isoDateInZone(instant: number, timeZone: string): string {
  const parts = dateTimeFormat("en-US", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    timeZone,
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** The date and time span of a meeting in `timeZone`, e.g. '9:30 AM – 10:00 AM, Monday, November 23, 2026'. */
export function formatMeetingTime(
  start: string,
  end: string,
  timeZone: string,
  timeFormat: TimeFormat,
  locale: string,
): { date: string; times: string } {
  const date = dateTimeFormat(locale, {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone,
  }).format(new Date(start));
  const times = dateTimeFormat(locale, timeOptions(timeZone, timeFormat)).formatRange(
    new Date(start),
    new Date(end),
  );
  return { date, times };
}
