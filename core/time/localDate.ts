import { DomainError } from "../errors";
import { message } from "../messages";

/** A day of the week, as keyed in schedules. */
export type Weekday = "MON" | "TUE" | "WED" | "THU" | "FRI" | "SAT" | "SUN";

/** Weekdays in ISO order, Monday first. */
export const WEEKDAYS: readonly Weekday[] = ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"];

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

// Howard Hinnant's days_from_civil: exact proleptic Gregorian arithmetic without Date or Temporal.
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Days since 1970-01-01 of a `yyyy-MM-dd` date, or null when it is malformed or does not exist; never throws. */
export function tryParseLocalDate(date: string): number | null {
  const match = DATE_PATTERN.exec(date);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return daysFromCivil(year, month, day);
}

/** Whether a string is an existing `yyyy-MM-dd` date; never throws. */
export function isLocalDate(date: string): boolean {
  return tryParseLocalDate(date) !== null;
}

/** Days since 1970-01-01 of a `yyyy-MM-dd` date; throws DomainError VALIDATION when malformed or nonexistent. */
export function parseLocalDate(date: string, field = "date"): number {
  const day = tryParseLocalDate(date);
  if (day === null) {
    throw new DomainError("VALIDATION", message("time.invalidDate", { date }), {
      [field]: [message("time.expectedDate")],
    });
  }
  return day;
}

/** The `yyyy-MM-dd` date of a day count since 1970-01-01 (years 0000-9999); never throws. */
export function formatLocalDate(epochDay: number): string {
  // Hinnant's civil_from_days, the inverse of daysFromCivil.
  const z = epochDay + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, "0")}-${month < 10 ? "0" : ""}${month}-${day < 10 ? "0" : ""}${day}`;
}

/** The date `days` calendar days after `date` (negative goes back); throws DomainError VALIDATION on a bad date. */
export function addDays(date: string, days: number): string {
  return formatLocalDate(parseLocalDate(date) + days);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier); throws DomainError VALIDATION on a bad date. */
export function daysBetween(from: string, to: string): number {
  return parseLocalDate(to) - parseLocalDate(from);
}

/** -1, 0 or 1 as `a` is before, equal to or after `b`; throws DomainError VALIDATION on a bad date. */
export function compareLocalDates(a: string, b: string): -1 | 0 | 1 {
  const diff = parseLocalDate(a) - parseLocalDate(b);
  return diff < 0 ? -1 : diff > 0 ? 1 : 0;
}

// 0 for Monday to 6 for Sunday; 1970-01-01 was a Thursday.
function isoWeekdayIndex(epochDay: number): number {
  return (((epochDay + 3) % 7) + 7) % 7;
}

/** The weekday of a day count since 1970-01-01; never throws. */
export function weekdayOfEpochDay(epochDay: number): Weekday {
  return WEEKDAYS[isoWeekdayIndex(epochDay)]!;
}

/** The Monday on or before a day count since 1970-01-01, as a day count; never throws. */
export function mondayOnOrBefore(epochDay: number): number {
  return epochDay - isoWeekdayIndex(epochDay);
}

/** The weekday of a `yyyy-MM-dd` date; throws DomainError VALIDATION on a bad date. */
export function weekdayOf(date: string): Weekday {
  return weekdayOfEpochDay(parseLocalDate(date));
}
