import type { TFunction } from "i18next";

/**
 * '30 minutes', '1 hour', '1 hour 30 minutes' (spec §9: '{0} minutes', '{0} hours {1} minutes'),
 * with the numbers in `locale`'s digits (Persian in fa).
 */
export function durationLabel(minutes: number, t: TFunction, locale = "en"): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const text =
    hours === 0
      ? t("booking.durationMinutes", { count: minutes })
      : rest === 0
        ? t("booking.durationHours", { count: hours })
        : t("booking.durationHoursMinutes", { count: hours, minutes: rest });
  // The counts go in as numbers (they pick the plural form); only they are digits here.
  const digits = new Intl.NumberFormat(locale, { useGrouping: false });
  return text.replace(/\d+/g, (number) => digits.format(Number(number)));
}
