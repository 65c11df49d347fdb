import { dateTimeFormat, timeOptions } from "../../../core/i18n/dateFormat";
import type { TimeFormat } from "../../state/publicProfile";

export {
  formatDayOfMonth,
  formatLongDate,
  formatMonth,
  formatTime,
  isoDateInZone,
  weekdayNames,
  zoneOffsetLabel,
} from "../../../core/i18n/dateFormat";

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

/** An amount in minor units as money in `locale`, e.g. 2500 EUR → '€25.00'. */
export function formatPrice(amount: number, currency: string, locale: string): string {
  const digits =
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(
    amount / 10 ** digits,
  );
}
