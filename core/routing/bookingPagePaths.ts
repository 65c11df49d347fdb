import { isoDateInZone } from "../i18n/dateFormat";
import type { CalendarType } from "../i18n/intlLocale";
import { monthToShow } from "../time/calendarMonth";
import { bookingSourceOf, eventTypePath, timetableReference } from "./bookingSource";
import { readBookingUrl } from "./bookingUrlState";
import type { PathParams } from "./matchPath";
import { monthTimetablePath } from "./timetablePaths";

/** What the first calls of a booking page depend on besides its path. */
export interface BookingPageVisitor {
  timeZone: string;
  calendarType: CalendarType;
  /** Now, epoch ms. */
  now: number;
  /** The page's query string (month, date, duration: bookingUrlState.ts). */
  search: string;
}

/**
 * The two calls a booking page makes first: its event type, and the timetable of the month it
 * will show (the one the address names, else the current one). Null for a path that names no
 * event type.
 */
export function bookingPagePaths(
  params: PathParams,
  visitor: BookingPageVisitor,
): { eventType: string; timetable: string } | null {
  const source = bookingSourceOf(params);
  if (!source) return null;
  const url = readBookingUrl(visitor.search);
  const today = isoDateInZone(visitor.now, visitor.timeZone);
  const month = monthToShow(url.month, url.date, today, visitor.calendarType);
  return {
    eventType: eventTypePath(source),
    timetable: monthTimetablePath(
      timetableReference(source),
      month,
      visitor.timeZone,
      url.duration,
    ),
  };
}
