import type { PublicEventTypeResponse } from "../../../core/api/publicEventTypes";
import type { TimetableResponse } from "../../../core/api/timetable";
import { bookingSourceOf } from "../../../core/routing/bookingSource";
import { readBookingUrl, withBookingUrl } from "../../../core/routing/bookingUrlState";
import type { PathParams } from "../../../core/routing/matchPath";
import { setQueryData } from "../../api/publicQuery";
import { appStore } from "../../state/appState";
import { eventTypeQuery, toPublicEventType } from "./bookingApi";
import { timetableQuery } from "./useTimetable";
import { retimeTimetable } from "./zoneTimetable";

/** The id of the JSON the server writes beside a page's first month (booking, reschedule). */
export const FIRST_MONTH_DATA_ID = "first-month";

/** The answers the server drew the first screen from (server/routes/clientPages/firstMonth.ts). */
export interface FirstMonthData {
  eventType: { path: string; body: PublicEventTypeResponse };
  timetables: { path: string; body: TimetableResponse; margin?: TimetableResponse }[];
  month: string;
  timeZone: string;
}

/** The JSON the server wrote beside a page's first screen under `id`, or null. */
export function readFirstScreenData<T>(id: string): T | null {
  const text = document.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/**
 * Takes the booking page's first screen over from the server: the answers it was drawn from go
 * into the query cache under the paths the page asks, so the first render draws the same screen
 * (replacing the server's markup where it stands) without asking the server again. Runs before
 * the first render (main.tsx); a page without the data is left alone.
 */
export function takeOverFirstMonth(params: PathParams): void {
  const data = readFirstScreenData<FirstMonthData>(FIRST_MONTH_DATA_ID);
  const source = bookingSourceOf(params);
  if (!data || !source) return;
  const eventType = data.eventType.body;
  setQueryData(eventTypeQuery(source).key, {
    eventType: toPublicEventType(eventType),
    profile: eventType.profile,
  });
  takeOverTimetables(data, eventType.eventType);
}

/**
 * The first month's timetable answers into the query cache, for a page with a calendar (the
 * booking page, the reschedule page). The server drew it in the invitee's stored zone or the
 * event type's. When the browser is elsewhere, its month is drawn from the same answer read in
 * the browser's zone (the server sends the month with a day's margin each side:
 * zoneTimetable.ts), so it shows at once too.
 */
export function takeOverTimetables(
  data: Pick<FirstMonthData, "timetables" | "month" | "timeZone">,
  eventType: { lockTimeZone: boolean; timeZone: string },
): void {
  const { timeZone: visitorZone } = appStore.get();
  const timeZone = eventType.lockTimeZone ? eventType.timeZone : visitorZone;
  for (const { path, body, margin } of data.timetables) {
    if (timeZone === data.timeZone) {
      setQueryData(timetableQuery(path).key, body);
    } else if (margin) {
      const retimed = retimeTimetable(path, margin, data.timeZone, timeZone);
      if (retimed) setQueryData(timetableQuery(retimed.path).key, retimed.body);
    }
  }
  // The server moved on from an empty month to the first with times, as the page does on its
  // first load: the address names that month, as the page would have written it.
  const url = readBookingUrl(window.location.search);
  if (data.timetables.length > 1 && url.month === null && url.date === null) {
    const search = withBookingUrl(window.location.search, { month: data.month });
    window.history.replaceState(
      window.history.state,
      "",
      `${window.location.pathname}${search}${window.location.hash}`,
    );
  }
}
