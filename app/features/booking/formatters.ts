export {
  formatDayOfMonth,
  formatLongDate,
  formatMeetingTime,
  formatMonth,
  formatTime,
  isoDateInZone,
  weekdayNames,
  zoneOffsetLabel,
} from "../../../core/i18n/dateFormat";

/** An amount in minor units as money in `locale`, e.g. 2500 EUR → '€25.00'. */
export function formatPrice(amount: number, currency: string, locale: string): string {
  const digits =
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(
    amount / 10 ** digits,
  );
}
