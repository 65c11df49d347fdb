import { useEffect, useMemo } from "react";
import { monthTimetablePath, type TimetableReference } from "../../../core/routing/timetablePaths";
import { addMonths, type MonthId } from "../../../core/time/calendarMonth";
import { prefetchQuery, usePublicQuery } from "../../api/publicQuery";
import { fetchTimetable } from "./bookingApi";
import { toTimetable } from "./timetable";

export { monthTimetablePath, type TimetableReference };

const staleMs = 30_000;

/** Every timetable in the cache: what a booking or a reschedule makes stale. */
export const timetableFamily = ["timetable"] as const;

/** The timetable query of one call path: its key beside its fetcher. */
export const timetableQuery = (path: string) => ({
  key: [...timetableFamily, path] as const,
  fn: (signal: AbortSignal) => fetchTimetable(path, signal),
  staleTime: staleMs,
});

/** Starts fetching a month's timetable (the page's first month, before React renders). */
export function prefetchTimetable(path: string): void {
  prefetchQuery(timetableQuery(path));
}

/** The timetable of one month in the invitee's zone; the next month is fetched ahead. */
export function useTimetable(
  reference: TimetableReference | null,
  month: MonthId,
  timeZone: string,
  duration: number | null,
) {
  const path = reference ? monthTimetablePath(reference, month, timeZone, duration) : null;
  const query = usePublicQuery(path === null ? null : timetableQuery(path));
  const timetable = useMemo(() => (query.data ? toTimetable(query.data) : undefined), [query.data]);

  useEffect(() => {
    if (!reference || query.status !== "success") return;
    prefetchTimetable(monthTimetablePath(reference, addMonths(month, 1), timeZone, duration));
  }, [reference, query.status, month, timeZone, duration]);

  return { ...query, timetable, key: path };
}
