import type { CalendarSyncError } from "../db/schema";
import type { BusyInterval } from "./busyInterval";
import type { ReadBudget } from "./busyLimits";

/** A calendar found at a connection (discovery). */
export interface DiscoveredCalendar {
  /** The calendar's address at its provider (CalDAV: the collection URL). */
  url: string;
  name: string;
  /** The calendar's zone, for all-day and floating events; null: unknown. */
  timeZone: string | null;
  /** Bookings cannot be written into it (an ICS feed, a read-only CalDAV calendar). */
  readOnly: boolean;
}

export type { BusyInterval };

/** Where a written event lives at its provider, with its version for conditional writes. */
export interface WrittenEvent {
  href: string;
  etag: string | null;
}

/**
 * What a calendar provider does for Slotted. CalDAV and ICS feeds implement it here; Google and
 * Microsoft (OAuth, their own APIs) would implement the same four calls, and neither the sync
 * job nor the availability engine would change: the engine only reads calendar_busy rows.
 */
export interface CalendarSource {
  /** The calendars of the account. Throws CalendarSourceError. */
  discover(): Promise<DiscoveredCalendar[]>;
  /**
   * The busy occurrences of one calendar overlapping [from, to), read within `budget` (shared
   * by the calendars of a connection; it says when a limit cut the reading short). Throws
   * CalendarSourceError.
   */
  readBusy(
    calendar: { url: string; timeZone: string | null },
    from: number,
    to: number,
    fallbackZone: string,
    budget?: ReadBudget,
  ): Promise<BusyInterval[]>;
  /**
   * Creates or replaces the event `uid` in `calendarUrl` with the iCalendar text `ics`; with
   * `existing`, replaces that resource if it still has that ETag (a changed one is read again
   * and replaced). Throws CalendarSourceError.
   */
  writeEvent?(
    calendarUrl: string,
    uid: string,
    ics: string,
    existing: WrittenEvent | null,
  ): Promise<WrittenEvent>;
  /** Deletes a written event; one already gone counts as deleted. Throws CalendarSourceError. */
  deleteEvent?(existing: WrittenEvent): Promise<void>;
}

/** A provider call that failed, with the reason the dashboard says in plain words. */
export class CalendarSourceError extends Error {
  constructor(
    readonly reason: CalendarSyncError,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = "CalendarSourceError";
  }
}

/** How long one request to a calendar server may take. */
export const CALENDAR_REQUEST_TIMEOUT_MS = 15_000;

/** A fetch error (refused, reset, DNS, timeout, a private address) as a CalendarSourceError. */
export function networkFailure(error: unknown): CalendarSourceError {
  if (error instanceof CalendarSourceError) return error;
  const name = (error as { name?: string }).name;
  if (name === "TimeoutError" || name === "AbortError") {
    return new CalendarSourceError("TIMEOUT", "the server did not answer in time");
  }
  const cause = (error as { cause?: { code?: string } }).cause?.code;
  if (cause === "ETOOLARGE") return new CalendarSourceError("TOO_LARGE", "too large");
  if (cause === "EPRIVATE") {
    return new CalendarSourceError("PRIVATE_ADDRESS", "refused: a private network address");
  }
  return new CalendarSourceError("UNREACHABLE", cause ?? String(error));
}
