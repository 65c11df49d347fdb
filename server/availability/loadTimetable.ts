import { computeAvailability } from "../../core/availability/computeAvailability";
import { refreshAvailability } from "../../core/availability/refreshAvailability";
import type { AvailabilityResult } from "../../core/availability/types";
import { instantToLocal } from "../../core/time/instantToLocal";
import { addDays, compareLocalDates } from "../../core/time/localDate";
import type { Db, Tx } from "../db/database";
import type { BusyChanges } from "./hostTimeCache";
import { type AvailabilityOptions, loadAvailabilityInputAndChanges } from "./loadAvailabilityInput";
import type { EventTypeTarget } from "./loadEventTypeTarget";

/** How many days past the window `check_first_available` searches. */
export const MAXIMUM_DAYS_CHECKED = 90;
// The search runs in chunks so that a date found early stops it; each chunk is one load.
const SEARCH_CHUNK_DAYS = 30;

/** The window's slots plus what the booking page shows around them. */
export interface Timetable {
  days: AvailabilityResult["days"];
  /** The last bookable date (owner's zone), or null without a horizon. */
  lastDate: string | null;
  /** The first date with a slot: in the window, else (when searching) in the 90 days after it. */
  firstDate: string | null;
  /** True only when searching found nothing in the window nor in the 90 days after it. */
  isNotAvailable: boolean;
  /** Whether a host is out of office around the window: only then are the notices worth a read. */
  hostsAway: boolean;
}

export interface TimetableRequest extends AvailabilityOptions {
  /** Invitee dates, inclusive, and the invitee's zone. */
  window: { startDate: string; endDate: string; timeZone: string };
  checkFirstAvailable: boolean;
  /**
   * The window's slots as computed before the hosts' busy time last changed (same request, rules
   * and owner-local date), read through `hostTimeCache` since that answer's versions: only the
   * dates the changes can reach are computed again.
   */
  previous?: AvailabilityResult;
}

async function compute(
  db: Db | Tx,
  target: EventTypeTarget,
  window: TimetableRequest["window"],
  now: Date,
  options: AvailabilityOptions,
  previous?: AvailabilityResult,
): Promise<AvailabilityResult & { hostsAway: boolean; changes: BusyChanges | null }> {
  const loaded = await loadAvailabilityInputAndChanges(db, target, window, now, options);
  const { changes } = loaded;
  if (loaded.input === null) return { days: [], lastDate: null, hostsAway: false, changes };
  const hostsAway = loaded.input.hosts.some((host) => (host.outOfOffice?.length ?? 0) > 0);
  // A timetable shows that a time is bookable, never who could take it.
  const input = { ...loaded.input, firstFreeOnly: true };
  if (previous !== undefined && changes !== null && !changes.all) {
    return { ...refreshAvailability(input, previous, changes.spans), hostsAway, changes };
  }
  return { ...computeAvailability(input), hostsAway, changes };
}

/**
 * The bookable slots of an event type over the invitee's window and, with `checkFirstAvailable`
 * when the window has none, the first date with a slot in the 90 days after it. Reads only.
 * Throws DomainError VALIDATION on a bad date or zone.
 */
export async function loadTimetable(
  db: Db | Tx,
  target: EventTypeTarget,
  request: TimetableRequest,
  now: Date,
): Promise<Timetable> {
  return (await loadTimetableAndChanges(db, target, request, now)).timetable;
}

/**
 * loadTimetable's answer and, read through `request.hostTimeCache`, where the hosts' busy time
 * over the window changed since its `since`, and what was read (null without the cache).
 */
export async function loadTimetableAndChanges(
  db: Db | Tx,
  target: EventTypeTarget,
  request: TimetableRequest,
  now: Date,
): Promise<{ timetable: Timetable; changes: BusyChanges | null }> {
  const { window, checkFirstAvailable, previous, ...options } = request;
  const result = await compute(db, target, window, now, options, previous);
  const { lastDate, hostsAway, changes } = result;
  const inWindow = result.days[0]?.date ?? null;
  if (inWindow !== null || !checkFirstAvailable) {
    const timetable = {
      days: result.days,
      lastDate,
      firstDate: inWindow,
      isNotAvailable: false,
      hostsAway,
    };
    return { timetable, changes };
  }

  // Invitee dates before yesterday hold no slot (they are past everywhere), nor do dates well
  // beyond the horizon, so chunks outside those bounds are skipped without a query.
  const yesterday = addDays(instantToLocal(window.timeZone, now.getTime()).date, -1);
  const lastSearched = addDays(window.endDate, MAXIMUM_DAYS_CHECKED);
  let firstDate: string | null = null;
  for (
    let startDate = addDays(window.endDate, 1);
    firstDate === null && compareLocalDates(startDate, lastSearched) <= 0;
    startDate = addDays(startDate, SEARCH_CHUNK_DAYS)
  ) {
    let endDate = addDays(startDate, SEARCH_CHUNK_DAYS - 1);
    if (compareLocalDates(endDate, lastSearched) > 0) endDate = lastSearched;
    if (compareLocalDates(endDate, yesterday) < 0) continue;
    // The horizon is a date in the owner's zone, at most a day off the invitee's.
    if (lastDate !== null && compareLocalDates(startDate, addDays(lastDate, 1)) > 0) break;
    const chunk = await compute(
      db,
      target,
      { startDate, endDate, timeZone: window.timeZone },
      now,
      options,
    );
    firstDate = chunk.days[0]?.date ?? null;
  }
  const timetable = {
    days: [],
    lastDate,
    firstDate,
    isNotAvailable: firstDate === null,
    hostsAway,
  };
  return { timetable, changes };
}
