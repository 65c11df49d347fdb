/** A catalog lookup with values: i18next's `t` in the browser, the server's own translator. */
export type DurationTranslate = (
  key: "booking.durationMinutes" | "booking.durationHours" | "booking.durationHoursMinutes",
  values: Record<string, string | number>,
) => string;

/**
 * '30 minutes', '1 hour', '1 hour 1 minute' (spec §9: '{0} minutes', '{0} hours {1} minutes'),
 * with the numbers in `locale`'s digits (Persian in fa). Hours and minutes each take their own
 * plural form ('1 hour 1 minute', Arabic 'ساعتان و3 دقائق'); the catalog only joins them.
 * Shared by the booking page and the server that draws its first month.
 */
export function durationLabel(minutes: number, t: DurationTranslate, locale = "en"): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const text =
    hours === 0
      ? t("booking.durationMinutes", { count: minutes })
      : rest === 0
        ? t("booking.durationHours", { count: hours })
        : t("booking.durationHoursMinutes", {
            hours: t("booking.durationHours", { count: hours }),
            minutes: t("booking.durationMinutes", { count: rest }),
          });
  // The counts go in as numbers (they pick the plural form); only they are digits here.
  const digits = new Intl.NumberFormat(locale, { useGrouping: false });
  return text.replace(/\d+/g, (number) => digits.format(Number(number)));
}
