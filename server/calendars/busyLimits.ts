import type { BusyInterval } from "./busyInterval";

/**
 * The largest feed, or CalDAV answer, read. Google's export of a decade of a busy calendar is
 * 2-4 MB; parsing 5 MB takes ical.js about 200 ms of CPU, done in batches that let the server
 * answer between them.
 */
export const MAX_CALENDAR_BYTES = 5 * 1024 * 1024;

/**
 * Busy intervals kept per connection, after merging overlapping and touching ones: 10 meetings
 * every working day for two years (the longest horizon) is about 5,000.
 */
export const MAX_BUSY_INTERVALS = 10_000;

/**
 * Work one sync of a connection may do, in units: one per event, one per occurrence looked at,
 * one per step ical.js takes to find the next occurrence (each ~5 µs). A weekly meeting since
 * 2000 costs ~1,400 units, a daily one since 1990 ~13,500, 5 MB of single events ~20,000.
 */
export const MAX_READ_UNITS = 200_000;

/**
 * Units one recurring event may spend, so one runaway rule cannot use up the connection's
 * whole budget: past it (an hourly rule started years ago), the rest of the event is left out.
 */
export const MAX_SERIES_UNITS = 20_000;

/**
 * Steps ical.js may take to find one next occurrence, the longest it runs without yielding.
 * A rule that needs more (one that can never match, FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30, would
 * loop forever) ends its event there.
 */
export const MAX_STEPS_PER_OCCURRENCE = 5_000;

/** Units of work between two yields to the event loop (a few ms). */
const YIELD_EVERY = 500;

/**
 * What reading one connection may still cost, shared by its calendars (and by the objects of a
 * CalDAV calendar), and whether a limit cut the reading short. Reading yields to the event loop
 * every YIELD_EVERY units, so requests and timers run while a large calendar is read.
 */
export class ReadBudget {
  /** Some busy time was left out: a limit (units, intervals) cut the reading short. */
  truncated = false;
  private left: number;
  private sinceYield = 0;

  constructor(
    units = MAX_READ_UNITS,
    /** Intervals kept per connection (MAX_BUSY_INTERVALS); reading one event stops past it. */
    readonly maxIntervals = MAX_BUSY_INTERVALS,
  ) {
    this.left = units;
  }

  /** Units still to spend. */
  get remaining(): number {
    return Math.max(this.left, 0);
  }

  /** Spends `units`, yielding to the event loop when a batch of work is done. */
  async spend(units: number): Promise<void> {
    this.left -= units;
    this.sinceYield += units;
    if (this.sinceYield >= YIELD_EVERY) {
      this.sinceYield = 0;
      await yieldToEventLoop();
    }
  }
}

/** Lets pending I/O, timers and requests run before the next batch of work. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * The union of `intervals` as sorted, disjoint intervals: overlapping and touching ones become
 * one, carrying the UID of the earliest (a minutely series is one row, not 500,000).
 */
export function mergeBusyIntervals(intervals: readonly BusyInterval[]): BusyInterval[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: BusyInterval[] = [];
  for (const interval of sorted) {
    const last = merged.at(-1);
    if (last !== undefined && interval.start <= last.end) {
      if (interval.end > last.end) last.end = interval.end;
    } else {
      merged.push({ ...interval });
    }
  }
  return merged;
}
