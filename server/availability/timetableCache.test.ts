import { describe, expect, it } from "vitest";
import type { Slot } from "../../core/availability/types";
import { type CachedTimetable, TimetableCache } from "./timetableCache";

const NOW = new Date("2030-03-01T08:00:00Z");
const V1 = { eventTypeId: "type", version: "host:1:1:0" };
const V2 = { eventTypeId: "type", version: "host:2:1:0" };

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
    settings: "host:1",
    ...overrides,
  };
}

describe("TimetableCache", () => {
  it("stays within its byte budget, dropping the least recently used first", () => {
    const cache = new TimetableCache(100_000);
    cache.set("a", V1, entry(100));
    cache.set("b", V1, entry(100));
    cache.set("c", V1, entry(100));
    expect(cache.get("a", V1, NOW)).not.toBeNull(); // a is now the most recently used
    for (let i = 0; i < 10; i++) cache.set(`more-${i}`, V1, entry(100));
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    expect(cache.get("b", V1, NOW)).toBeNull();
    expect(cache.size).toBeLessThan(13);
    // An entry larger than the whole budget is not kept at all.
    cache.set("huge", V1, entry(1_000));
    expect(cache.get("huge", V1, NOW)).toBeNull();
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
  });

  it("keeps no host ids, which no public answer shows", () => {
    const cache = new TimetableCache();
    cache.set("a", V1, entry(3));
    expect(
      cache.get("a", V1, NOW)!.timetable.days[0]!.slots.every((s) => s.hostIds.length === 0),
    ).toBe(true);
  });

  it("cuts the slots inside the minimum notice and refuses an entry from another owner date", () => {
    const cache = new TimetableCache();
    cache.set("a", V1, entry(10, { minimumNotice: 60 }));
    const at = (iso: string) => cache.get("a", V1, new Date(iso));
    expect(at("2030-03-01T08:00:00Z")!.timetable.days[0]!.slots).toHaveLength(10);
    // Computed on the 1st: on the 4th the horizon has moved.
    expect(at("2030-03-04T08:05:00Z")).toBeNull();
    // Three days and 9 h 05 of notice from midnight on the 1st: 09:05 on the 4th onwards.
    cache.set("b", V1, entry(10, { minimumNotice: 60 * 24 * 3 + 9 * 60 + 5 }));
    const cut = cache.get("b", V1, new Date("2030-03-01T00:00:00Z"))!;
    expect(cut.timetable.days[0]!.slots.map((s) => s.localTime)).toEqual([
      "09:05",
      "09:06",
      "09:07",
      "09:08",
      "09:09",
    ]);
    // Every slot past: no days left; with a search asked for, it must be computed again.
    cache.set("c", V1, entry(10, { minimumNotice: 60 * 24 * 4, checkFirstAvailable: true }));
    expect(cache.get("c", V1, new Date("2030-03-01T00:00:00Z"))).toBeNull();
  });

  it("hands out an entry only under the stamp it was stored with", () => {
    const cache = new TimetableCache();
    cache.set("a", V1, entry(3));
    expect(cache.get("a", V2, NOW)).toBeNull();
    cache.set("a", V2, entry(4));
    expect(cache.get("a", V1, NOW)).toBeNull();
    // A link that names another event type whose host has the same versions.
    expect(cache.get("a", { ...V2, eventTypeId: "other" }, NOW)).toBeNull();
    expect(cache.get("a", V2, NOW)!.timetable.days[0]!.slots).toHaveLength(4);
  });

  it("keeps the previous entry's day objects where the slots are the same", () => {
    const cache = new TimetableCache();
    const twoDays = (extra: number): CachedTimetable => {
      const base = entry(3);
      const next = entry(3 + extra).timetable.days[0]!.slots.map((s) => ({
        ...s,
        start: s.start + 86_400_000,
        localDate: "2030-03-05",
      }));
      return {
        ...base,
        timetable: {
          ...base.timetable,
          days: [...base.timetable.days, { date: "2030-03-05", slots: next }],
        },
      };
    };
    const first = cache.set("a", V1, twoDays(0)).timetable.days;
    const second = cache.set("a", V2, twoDays(1)).timetable.days;
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    expect(second[1]!.slots).toHaveLength(4);
    expect(cache.get("a", V2, NOW)!.timetable.days[0]).toBe(first[0]);
    // Nothing offered changed: the previous timetable itself, whose answer is made already.
    const stored = cache.get("a", V2, NOW)!.timetable;
    const V3 = { ...V2, version: "host:3:1:0" };
    expect(cache.set("a", V3, twoDays(1)).timetable).toBe(stored);
    expect(cache.get("a", V3, NOW)!.timetable).toBe(stored);
  });

  it("offers a request's days under another stamp as a base only for the same settings and date", () => {
    const cache = new TimetableCache();
    cache.set("a", V1, entry(3));
    expect(cache.previous("a", "host:1", NOW)!.days[0]!.slots).toHaveLength(3);
    expect(cache.previous("a", "host:2", NOW)).toBeNull();
    expect(cache.previous("a", "host:1", new Date("2030-03-02T00:00:00Z"))).toBeNull();
    expect(cache.previous("b", "host:1", NOW)).toBeNull();
  });
});
