import type { Slot } from "../../core/availability/types";
import { DAY_MS, MINUTE_MS } from "../../core/time/durations";
import { instantToLocal } from "../../core/time/instantToLocal";
import { parseLocalDate } from "../../core/time/localDate";
import type { HostTimeRead } from "./hostTimeCache";
import type { Timetable } from "./loadTimetable";
import type { TimetableStamp } from "./loadTimetableStamp";
import { WeightedLru } from "./weightedLru";

/** Which event type a link named and its hosts' versions: equal ones, equal timetables. */
export type StampOf = Pick<TimetableStamp, "eventTypeId" | "version">;

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
  /** The stamp's settings part: the rules, hosts and schedules the timetable was computed under. */
  settings: string;
  /** The busy time it was computed from, when read through the host time cache. */
  read?: HostTimeRead | undefined;
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

/** Whether `now` falls on the owner-local date the entry was computed on (its horizon holds). */
const onOwnerDay = (entry: CachedTimetable, now: Date) =>
  instantToLocal(entry.ownerZone, now.getTime()).date === entry.ownerToday;

/** `days` without the slots before `cutoff`: the untouched days are the same objects. */
function untilCutoff(days: Timetable["days"], cutoff: number): Timetable["days"] {
  const kept: Timetable["days"] = [];
  for (const day of days) {
    const slots = day.slots.filter((slot) => slot.start >= cutoff);
    if (slots.length === day.slots.length) kept.push(day);
    else if (slots.length > 0) kept.push({ date: day.date, slots });
  }
  return kept;
}

/** Whether two days offer the same slots, as a public answer shows them. */
function sameSlots(a: readonly Slot[], b: readonly Slot[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (
      x.start !== y.start ||
      x.localTime !== y.localTime ||
      x.offsetMinutes !== y.offsetMinutes ||
      x.seatsLeft !== y.seatsLeft ||
      x.eventId !== y.eventId
    ) {
      return false;
    }
  }
  return true;
}

/**
 * Computed timetables by request (event type, window, zone…) and the stamp of its hosts' busy
 * time: one entry per request, the one of the newest stamp stored, least recently used dropped
 * first once the estimated size passes `maxBytes`. A stamp other than the entry's misses.
 * `now` moving on is handled on read: slots inside the minimum notice are dropped, and an entry
 * from another owner-local day is not used (the horizon moved).
 */
export class TimetableCache {
  readonly #entries: WeightedLru<CachedTimetable & { stamp: StampOf }>;

  constructor(maxBytes: number = TIMETABLE_CACHE_BYTES) {
    this.#entries = new WeightedLru(maxBytes);
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#entries.bytes;
  }

  /**
   * Stores a timetable and hands back what was stored: its slots lose their host ids, which no
   * public response shows, and each day offering what the request's previous entry offered that
   * day is that entry's day object, so what was derived from it (its JSON) serves again; when
   * every day and the rest are the same, the previous timetable object itself (its answer too).
   */
  set(request: string, stamp: StampOf, entry: CachedTimetable): CachedRead {
    const before = this.#entries.get(request)?.timetable;
    const previous = before?.days;
    let p = 0;
    const days = entry.timetable.days.map((day) => {
      while (previous !== undefined && p < previous.length && previous[p]!.date < day.date) p++;
      const held = previous?.[p];
      if (held !== undefined && held.date === day.date && sameSlots(held.slots, day.slots)) {
        return held;
      }
      return {
        date: day.date,
        slots: day.slots.map((slot): Slot => ({ ...slot, hostIds: NO_HOSTS })),
      };
    });
    const { timetable } = entry;
    const unchanged =
      before !== undefined &&
      days.length === before.days.length &&
      days.every((day, i) => day === before.days[i]) &&
      timetable.firstDate === before.firstDate &&
      timetable.lastDate === before.lastDate &&
      timetable.isNotAvailable === before.isNotAvailable &&
      timetable.hostsAway === before.hostsAway;
    const stored = {
      ...entry,
      stamp: { eventTypeId: stamp.eventTypeId, version: stamp.version },
      timetable: unchanged ? before : { ...timetable, days },
    };
    this.#entries.set(request, stored, weightOf(stored));
    return { timetable: stored.timetable, withSeats: stored.withSeats };
  }

  /** The stamp `request`'s entry was stored under and the busy time it was computed from. */
  held(request: string): { stamp: StampOf; read: HostTimeRead } | null {
    const entry = this.#entries.get(request);
    return entry?.read === undefined ? null : { stamp: entry.stamp, read: entry.read };
  }

  /**
   * The days stored for `request` under any stamp, as a base for recomputing only what a change
   * of busy time reaches, with the stamp's versions they were computed from: null unless computed
   * under `settings` on the owner's date of `now`.
   */
  previous(
    request: string,
    settings: string,
    now: Date,
  ): { days: Timetable["days"]; lastDate: string | null; version: string } | null {
    const entry = this.#entries.get(request);
    if (entry === undefined || entry.settings !== settings || !onOwnerDay(entry, now)) return null;
    // As of `now`: the slots it passed (with the notice) are not offered any more.
    const days = untilCutoff(entry.timetable.days, now.getTime() + entry.minimumNotice * MINUTE_MS);
    return { days, lastDate: entry.timetable.lastDate, version: entry.stamp.version };
  }

  /**
   * The timetable stored for `request` under `stamp` as it reads at `now`, or null when there is
   * none or it no longer holds (recompute then). Days wholly past the notice are the stored
   * objects themselves; only the edge day is rebuilt.
   */
  get(request: string, stamp: StampOf, now: Date): CachedRead | null {
    const entry = this.#entries.get(request);
    if (entry === undefined) return null;
    if (entry.stamp.eventTypeId !== stamp.eventTypeId || entry.stamp.version !== stamp.version) {
      return null;
    }
    if (!onOwnerDay(entry, now)) return null;
    const cutoff = now.getTime() + entry.minimumNotice * MINUTE_MS;
    const { timetable } = entry;
    if (timetable.days.length === 0) {
      // Nothing in the window, and the dates searched after it lie beyond the cutoff still.
      return cutoff < parseLocalDate(entry.endDate) * DAY_MS ? entry : null;
    }
    const days = untilCutoff(timetable.days, cutoff);
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
