import { localeFor } from "./catalog";

/**
 * "Monday, 23 November 2026, 09:00 – 09:30 (Europe/Berlin)" in the recipient's zone, clock and
 * language. Display only (Intl), as DESIGN allows; instants are ISO strings.
 */
export function formatWhen(
  start: string,
  end: string,
  timeZone: string,
  timeFormat: 12 | 24,
  language: string,
): string {
  const locale = localeFor(language);
  const date = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: "full" });
  const time = new Intl.DateTimeFormat(locale, {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hour12: timeFormat === 12,
  });
  const startDate = new Date(start);
  const endDate = new Date(end);
  const sameDay = date.format(startDate) === date.format(endDate);
  const to = sameDay ? time.format(endDate) : `${date.format(endDate)}, ${time.format(endDate)}`;
  return `${date.format(startDate)}, ${time.format(startDate)} – ${to} (${timeZone})`;
}
