// The page's first entry, free of React and the app: it asks for a booking page's data as soon
// as the HTML has arrived, while the libraries still download (apiClient takes the answers).

import { bookingPagePaths } from "../core/routing/bookingPagePaths";
import { matchClientRoute } from "../core/routing/clientRoutes";
import { BOOKING_ROUTES } from "../core/routing/routePages";
import { startEarlyRequests } from "./api/earlyRequests";
import { visitorCalendarType, visitorTimeZone } from "./state/visitorSettings";

const route = matchClientRoute(window.location.pathname);
if (BOOKING_ROUTES.has(route.name)) {
  const paths = bookingPagePaths(route.params, {
    timeZone: visitorTimeZone(),
    calendarType: visitorCalendarType(),
    now: Date.now(),
    search: window.location.search,
  });
  if (paths) startEarlyRequests([paths.eventType, paths.timetable]);
}
