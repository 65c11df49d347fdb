import { bookingPagePaths } from "../../../core/routing/bookingPagePaths";
import { bookingSourceOf } from "../../../core/routing/bookingSource";
import type { PathParams } from "../../../core/routing/matchPath";
import { prefetchQuery } from "../../api/publicQuery";
import { appStore } from "../../state/appState";
import { eventTypeQuery } from "./bookingApi";
import { prefetchTimetable } from "./useTimetable";

/**
 * Starts the booking page's two calls (the event type and the shown month's times) at once, while
 * its code and the language catalog still download; the page then finds them in the cache.
 * (app/early.ts asked the same paths before this code arrived; apiClient takes those answers.)
 */
export function prefetchBookingPage(params: PathParams): void {
  const source = bookingSourceOf(params);
  const { timeZone, serverDate, calendarType } = appStore.get();
  const paths = bookingPagePaths(params, {
    timeZone,
    calendarType,
    now: serverDate,
    search: window.location.search,
  });
  if (!source || !paths) return;
  prefetchQuery(eventTypeQuery(source));
  prefetchTimetable(paths.timetable);
}
