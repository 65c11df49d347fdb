import type { Slot } from "../../core/availability/types";
import { instantToLocal } from "../../core/time/instantToLocal";
import { DAY_MS, parseLocalDate } from "../../core/time/localDate";
import type { Timetable } from "./loadTimetable";
import { WeightedLru } from "./weightedLru";

const MINUTE_MS = 60_000;

/** What a cache hit hands back. */
export interface CachedRead {
  timetable: Timetable;
  /** GROUP: slots show seats left. */
  withSeats: boolean;
}

/** A timetable as computed at one `now`, with what tells whether it still holds at a later one. */
export interface CachedTimetable extends CachedRead {
  /** The request asked for the first available date when the window has none. */
  checkFirstAvailable: boolean;
  /** The owner's zone and their date at the computing `now`: the horizon's last date follows it. */
  ownerZone: string;
  ownerToday: string;
  /** Minutes: a slot is offered only this long after `now`. */
  minimumNotice: number;
  /** The invitee window's last date. */
  endDate: string;
}

// Estimated heap per cached slot (the slot object, its day's share and its memoised JSON), and
// per entry; the budget bounds the whole cache at about 32 MB: some 130,000 slots, or 300
// month timetables of a 20-host round robin.
const SLOT_BYTES = 250;
const ENTRY_BYTES = 2_000;
export const TIMETABLE_CACHE_BYTES = 32 * 1024 * 1024;

const NO_HOSTS: string[] = [];

function weightOf(entry: CachedTimetable): number {
  let slots = 0;
  for (const day of entry.timetable.days) slots += day.slots.length;
  return ENTRY_BYTES + slots * SLOT_BYTES;
}

/**
 * Computed timetables by key (event type, the stamp of its hosts' busy time, the request), least
 * recently used dropped first once the estimated size passes `maxBytes`. The keys make stale
 * entries unreachable; `now` moving on is handled on read: slots inside the minimum notice are
 * dropped, and an entry from another owner-local day is not used (the horizon moved).
 */
export class TimetableCache {
  readonly #entries: WeightedLru<CachedTimetable>;

  constructor(maxBytes: number = TIMETABLE_CACHE_BYTES) {
    this.#entries = new WeightedLru(maxBytes);
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#entries.bytes;
  }

  /** Stores a timetable; its slots lose their host ids, which no public response shows. */
  set(key: string, entry: CachedTimetable): void {
    const days = entry.timetable.days.map((day) => ({
      date: day.date,
      slots: day.slots.map((slot): Slot => ({ ...slot, hostIds: NO_HOSTS })),
    }));
    const stored = { ...entry, timetable: { ...entry.timetable, days } };
    this.#entries.set(key, stored, weightOf(stored));
  }

  /**
   * The timetable stored under `key` as it reads at `now`, or null when there is none or it no
   * longer holds (recompute then). Days wholly past the notice are the stored objects themselves;
   * only the edge day is rebuilt.
   */
  get(key: string, now: Date): CachedRead | null {
    const entry = this.#entries.get(key);
    if (entry === undefined) return null;
    if (instantToLocal(entry.ownerZone, now.getTime()).date !== entry.ownerToday) return null;
    const cutoff = now.getTime() + entry.minimumNotice * MINUTE_MS;
    const { timetable } = entry;
    if (timetable.days.length === 0) {
      // Nothing in the window, and the dates searched after it lie beyond the cutoff still.
      return cutoff < parseLocalDate(entry.endDate) * DAY_MS ? entry : null;
    }
    const days: Timetable["days"] = [];
    for (const day of timetable.days) {
      const slots = day.slots.filter((slot) => slot.start >= cutoff);
      if (slots.length === day.slots.length) days.push(day);
      else if (slots.length > 0) days.push({ date: day.date, slots });
    }
    if (
      days.length === timetable.days.length &&
      days.every((day, i) => day === timetable.days[i])
    ) {
      return entry;
    }
    // The window emptied since: where the first available date lies takes a search.
    if (days.length === 0 && entry.checkFirstAvailable) return null;
    return {
      timetable: { ...timetable, days, firstDate: days[0]?.date ?? null },
      withSeats: entry.withSeats,
    };
  }
}
