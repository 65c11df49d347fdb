import { firstDayOfMonth, lastDayOfMonth, type MonthId } from "../time/calendarMonth";

/** A timetable call's reference: which path and which event (see bookingSource.timetableReference). */
export interface TimetableReference {
  path: string;
  params: Record<string, string>;
}

/** What a timetable call asks for, besides the event reference. */
export interface TimetableWindow {
  start: string;
  end: string;
  timeZone: string;
  duration: number | null;
  checkFirstAvailable: boolean;
}

/** A timetable call's path with its query: the reference's parameters plus the window's. */
export function timetablePath(reference: TimetableReference, window: TimetableWindow): string {
  const query = new URLSearchParams({
    ...reference.params,
    start: window.start,
    end: window.end,
    timezone: window.timeZone,
    check_first_available: String(window.checkFirstAvailable),
  });
  if (window.duration !== null) query.set("duration", String(window.duration));
  return `${reference.path}?${query}`;
}

/** The timetable call of one month, which is also its cache key. */
export function monthTimetablePath(
  reference: TimetableReference,
  month: MonthId,
  timeZone: string,
  duration: number | null,
): string {
  return timetablePath(reference, {
    start: firstDayOfMonth(month),
    end: lastDayOfMonth(month),
    timeZone,
    duration,
    checkFirstAvailable: true,
  });
}
