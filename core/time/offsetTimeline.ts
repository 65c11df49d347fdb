import { Temporal } from "temporal-polyfill";
import { DAY_MS } from "./durations";

import { unknownTimeZone } from "./unknownTimeZone";

/**
 * A zone's UTC offsets over a span of instants, so that bulk conversions are integer arithmetic.
 * `offsets[i]` (ms) holds before `transitions[i]`; the last offset holds after the last transition.
 */
export interface OffsetTimeline {
  readonly timeZone: string;
  readonly transitions: readonly number[];
  readonly offsets: readonly number[];
}

/** Which instant a wall-clock boundary maps to when it is repeated: the earlier for a start, the later for an end. */
export type Edge = "start" | "end";

/** A wall-clock reading: days since 1970-01-01, milliseconds into that day, and the offset in force. */
export interface WallClock {
  epochDay: number;
  msOfDay: number;
  offsetMs: number;
}

/** A zone's offset just before one UTC year and its transitions during it (from its first instant). */
interface ZoneYear {
  offset: number;
  transitions: number[];
  offsets: number[];
}

// Zone years by "zone|year": the polyfill's transition search costs far more than the engine's
// integer arithmetic, and a zone's rules for a year never change within a process. At most a few
// zones times a few years are asked for; the bound only guards against a caller walking centuries.
const zoneYears = new Map<string, ZoneYear>();
const ZONE_YEARS_KEPT = 4096;

function zoneYear(timeZone: string, year: number): ZoneYear {
  const key = `${timeZone}|${year}`;
  const known = zoneYears.get(key);
  if (known !== undefined) return known;
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  let zoned: Temporal.ZonedDateTime;
  try {
    // From the instant before, so that a transition at the year's first instant is listed too.
    zoned = Temporal.Instant.fromEpochMilliseconds(start - 1).toZonedDateTimeISO(timeZone);
  } catch {
    throw unknownTimeZone(timeZone);
  }
  const found: ZoneYear = { offset: zoned.offsetNanoseconds / 1e6, transitions: [], offsets: [] };
  for (;;) {
    const next = zoned.getTimeZoneTransition("next");
    if (next === null || next.epochMilliseconds >= end) break;
    found.transitions.push(next.epochMilliseconds);
    found.offsets.push(next.offsetNanoseconds / 1e6);
    zoned = next;
  }
  if (zoneYears.size >= ZONE_YEARS_KEPT) zoneYears.clear();
  zoneYears.set(key, found);
  return found;
}

/**
 * The offset timeline of `timeZone`, exact for instants in [from, to] (outside, the edge offsets are
 * extrapolated); throws DomainError VALIDATION for an unknown zone.
 */
export function buildOffsetTimeline(timeZone: string, from: number, to: number): OffsetTimeline {
  const firstYear = new Date(from).getUTCFullYear();
  const lastYear = Math.max(firstYear, new Date(to).getUTCFullYear());
  let offset = zoneYear(timeZone, firstYear).offset;
  const transitions: number[] = [];
  const offsets: number[] = [];
  for (let year = firstYear; year <= lastYear; year++) {
    const known = zoneYear(timeZone, year);
    for (let i = 0; i < known.transitions.length; i++) {
      const at = known.transitions[i]!;
      if (at <= from) offset = known.offsets[i]!;
      else if (at <= to) {
        transitions.push(at);
        offsets.push(known.offsets[i]!);
      }
    }
  }
  return { timeZone, transitions, offsets: [offset, ...offsets] };
}

/** The UTC offset (ms, east positive) in force at `instant`; never throws. */
export function offsetAt(timeline: OffsetTimeline, instant: number): number {
  const { transitions, offsets } = timeline;
  let i = 0;
  while (i < transitions.length && transitions[i]! <= instant) i++;
  return offsets[i]!;
}

/** The wall-clock reading at `instant`; never throws. */
export function wallClockAt(timeline: OffsetTimeline, instant: number): WallClock {
  const offsetMs = offsetAt(timeline, instant);
  const local = instant + offsetMs;
  const epochDay = Math.floor(local / DAY_MS);
  return { epochDay, msOfDay: local - epochDay * DAY_MS, offsetMs };
}

/** Days since 1970-01-01 of the local date at `instant`; never throws. */
export function localDayAt(timeline: OffsetTimeline, instant: number): number {
  return Math.floor((instant + offsetAt(timeline, instant)) / DAY_MS);
}

/**
 * The instant of a wall-clock time given as `localMs` (ms since 1970-01-01T00:00 local); never throws.
 * A repeated time maps to its earlier instant for a "start" and its later one for an "end"; a time
 * inside a gap maps to the transition, the first instant that exists after the gap.
 */
export function instantAtLocal(timeline: OffsetTimeline, localMs: number, edge: Edge): number {
  const { transitions, offsets } = timeline;
  const last = transitions.length;
  let found: number | null = null;
  for (let i = 0; i <= last; i++) {
    const candidate = localMs - offsets[i]!;
    const fits =
      (i === 0 || candidate >= transitions[i - 1]!) && (i === last || candidate < transitions[i]!);
    if (!fits) continue;
    if (edge === "start") return candidate;
    found = candidate;
  }
  if (found !== null) return found;
  for (let i = 0; i < last; i++) {
    const transition = transitions[i]!;
    if (localMs >= transition + offsets[i]! && localMs < transition + offsets[i + 1]!) {
      return transition;
    }
  }
  // Unreachable for a consistent timeline; the last offset is the best remaining guess.
  return localMs - offsets[last]!;
}

/** The instant of `minuteOfDay` (0-1440) on a local day, with the DST rules of instantAtLocal; never throws. */
export function instantAtWallTime(
  timeline: OffsetTimeline,
  epochDay: number,
  minuteOfDay: number,
  edge: Edge,
): number {
  return instantAtLocal(timeline, epochDay * DAY_MS + minuteOfDay * 60_000, edge);
}
