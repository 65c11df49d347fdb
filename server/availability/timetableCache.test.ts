import { describe, expect, it } from "vitest";
import type { Slot } from "../../core/availability/types";
import { type CachedTimetable, TimetableCache } from "./timetableCache";

const NOW = new Date("2030-03-01T08:00:00Z");

function slot(start: string): Slot {
  return {
    start: Date.parse(start),
    localDate: start.slice(0, 10),
    localTime: start.slice(11, 16),
    offsetMinutes: 0,
    seatsLeft: null,
    hostIds: ["host"],
  };
}

function entry(slotCount: number, overrides: Partial<CachedTimetable> = {}): CachedTimetable {
  const slots = Array.from({ length: slotCount }, (_, i) =>
    slot(new Date(Date.parse("2030-03-04T09:00:00Z") + i * 60_000).toISOString()),
  );
  return {
    timetable: {
      days: [{ date: "2030-03-04", slots }],
      lastDate: null,
      firstDate: "2030-03-04",
      isNotAvailable: false,
      hostsAway: false,
    },
    withSeats: false,
    checkFirstAvailable: false,
    ownerZone: "UTC",
    ownerToday: "2030-03-01",
    minimumNotice: 0,
    endDate: "2030-03-31",
    ...overrides,
  };
}

describe("TimetableCache", () => {
  it("stays within its byte budget, dropping the least recently used first", () => {
    const cache = new TimetableCache(100_000);
    cache.set("a", entry(100));
    cache.set("b", entry(100));
    cache.set("c", entry(100));
    expect(cache.get("a", NOW)).not.toBeNull(); // a is now the most recently used
    for (let i = 0; i < 10; i++) cache.set(`more-${i}`, entry(100));
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    expect(cache.get("b", NOW)).toBeNull();
    expect(cache.size).toBeLessThan(13);
    // An entry larger than the whole budget is not kept at all.
    cache.set("huge", entry(1_000));
    expect(cache.get("huge", NOW)).toBeNull();
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
  });

  it("keeps no host ids, which no public answer shows", () => {
    const cache = new TimetableCache();
    cache.set("a", entry(3));
    expect(cache.get("a", NOW)!.timetable.days[0]!.slots.every((s) => s.hostIds.length === 0)).toBe(
      true,
    );
  });

  it("cuts the slots inside the minimum notice and refuses an entry from another owner date", () => {
    const cache = new TimetableCache();
    cache.set("a", entry(10, { minimumNotice: 60 }));
    const at = (iso: string) => cache.get("a", new Date(iso));
    expect(at("2030-03-01T08:00:00Z")!.timetable.days[0]!.slots).toHaveLength(10);
    // Computed on the 1st: on the 4th the horizon has moved.
    expect(at("2030-03-04T08:05:00Z")).toBeNull();
    // Three days and 9 h 05 of notice from midnight on the 1st: 09:05 on the 4th onwards.
    cache.set("b", entry(10, { minimumNotice: 60 * 24 * 3 + 9 * 60 + 5 }));
    const cut = cache.get("b", new Date("2030-03-01T00:00:00Z"))!;
    expect(cut.timetable.days[0]!.slots.map((s) => s.localTime)).toEqual([
      "09:05",
      "09:06",
      "09:07",
      "09:08",
      "09:09",
    ]);
    // Every slot past: no days left; with a search asked for, it must be computed again.
    cache.set("c", entry(10, { minimumNotice: 60 * 24 * 4, checkFirstAvailable: true }));
    expect(cache.get("c", new Date("2030-03-01T00:00:00Z"))).toBeNull();
  });
});
