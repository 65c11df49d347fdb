import type { PathParams } from "../../../core/routing/matchPath";
import { prefetchQuery } from "../../api/publicQuery";
import { monthToShow } from "../../lib/calendarMonth";
import { appStore } from "../../state/appState";
import { eventTypeQuery, timetableReference } from "./bookingApi";
import { bookingSourceOf } from "./bookingSource";
import { readBookingUrl } from "./bookingUrlState";
import { isoDateInZone } from "./formatters";
import { monthTimetablePath, prefetchTimetable } from "./useTimetable";

/**
 * Starts the booking page's two calls (the event type and the shown month's times) at once, while
 * its code and the language catalog still download; the page then finds them in the cache.
 */
export function prefetchBookingPage(params: PathParams): void {
  const source = bookingSourceOf(params);
  if (!source) return;
  prefetchQuery(eventTypeQuery(source));
  const { timeZone, serverDate, calendarType } = appStore.get();
  // The month and duration the address names (bookingUrlState.ts), as the page will ask.
  const url = readBookingUrl(window.location.search);
  const today = isoDateInZone(serverDate, timeZone);
  const month = monthToShow(url.month, url.date, today, calendarType);
  prefetchTimetable(monthTimetablePath(timetableReference(source), month, timeZone, url.duration));
}
