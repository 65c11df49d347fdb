import { dateTimeFormat } from "./dateFormat";
import { intlLocale } from "./intlLocale";

/**
 * The Intl locale of dates in mails of `language`: always the Gregorian calendar (fa's own
 * default is the Persian one), and Persian digits for fa.
 */
export function mailDateLocale(language: string): string {
  const gregorian = `${intlLocale(language)}-u-ca-gregory`;
  return language === "fa" ? `${gregorian}-nu-arabext` : gregorian;
}

/**
 * "Monday, January 4, 2027, 3:00 – 3:30 AM (America/New_York)" in the recipient's zone, clock and
 * language, as Intl writes a range there. Display only (Intl), as DESIGN allows; instants are
 * ISO strings.
 */
export function formatWhen(
  start: string,
  end: string,
  timeZone: string,
  timeFormat: 12 | 24,
  language: string,
): string {
  // Cached: making the format cost more than the rest of a confirmation mail's rendering.
  const format = dateTimeFormat(mailDateLocale(language), {
    timeZone,
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    hour12: timeFormat === 12,
  });
  return `${format.formatRange(new Date(start), new Date(end))} (${timeZone})`;
}
