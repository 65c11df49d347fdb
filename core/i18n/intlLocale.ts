/** The calendar dates are shown in: Gregorian by default, Persian as a stored preference. */
export type CalendarType = "gregorian" | "persian";

/** The Intl locale of an interface language: de-du (informal German) formats as de. */
export function intlLocale(language: string): string {
  return language.toLowerCase() === "de-du" ? "de" : language;
}

/**
 * The Intl locale that formats dates of `language` in `calendarType`: fa's own default is the
 * Persian calendar and every other language's the Gregorian, so the calendar is always named.
 */
export function calendarLocale(language: string, calendarType: CalendarType): string {
  return `${intlLocale(language)}-u-ca-${calendarType === "persian" ? "persian" : "gregory"}`;
}
