const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A `yyyy-MM-dd` day as 'Mar 10' in `locale`: taken at noon UTC and written in UTC, so the
 * viewer's own zone cannot move it to another day.
 */
export function formatDay(isoDate: string, locale: string): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" });
    formats.set(locale, format);
  }
  return format.format(new Date(`${isoDate}T12:00:00Z`));
}
