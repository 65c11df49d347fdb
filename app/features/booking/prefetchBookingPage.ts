import type { PathParams } from "../../../core/routing/matchPath";
import { prefetchQuery } from "../../api/publicQuery";
import { monthOf } from "../../lib/calendarMonth";
import { appStore } from "../../state/appState";
import { eventTypeQuery, timetableReference } from "./bookingApi";
import { bookingSourceOf } from "./bookingSource";
import { isoDateInZone } from "./formatters";
import { monthTimetablePath, prefetchTimetable } from "./useTimetable";

/**
 * Starts the booking page's two calls (the event type and this month's times) at once, while
 * its code and the language catalog still download; the page then finds them in the cache.
 */
export function prefetchBookingPage(params: PathParams): void {
  const source = bookingSourceOf(params);
  if (!source) return;
  prefetchQuery(eventTypeQuery(source));
  const { timeZone, serverDate, calendarType } = appStore.get();
  const month = monthOf(isoDateInZone(serverDate, timeZone), calendarType);
  prefetchTimetable(monthTimetablePath(timetableReference(source), month, timeZone, null));
}
