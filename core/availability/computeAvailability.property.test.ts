import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { instantToLocal } from "../time/instantToLocal";
import { addDays, WEEKDAYS, weekdayOf } from "../time/localDate";
import { localToInstant } from "../time/localToInstant";
import { formatWallTime } from "../time/wallTime";
import { computeAvailability } from "./computeAvailability";
import { normalizeIntervals } from "./intervalSet";
import { isSlotAvailable } from "./isSlotAvailable";
import { refreshAvailability } from "./refreshAvailability";
import type {
  AvailabilityInput,
  BusyBlock,
  EventKind,
  HostInput,
  Interval,
  Schedule,
  Slot,
  TimeRange,
} from "./types";

// Properties over random schedules, events and rules, checked against an oracle built from
// Temporal one-shot conversions rather than the engine's offset timelines.

const ZONES = [
  "Europe/Berlin",
  "America/New_York",
  "Australia/Lord_Howe",
  "America/Santiago",
  "Asia/Kolkata",
  "Asia/Tehran",
  "Pacific/Kiritimati",
  "Pacific/Pago_Pago",
  "UTC",
];
// Mondays and Fridays just before clock changes, and plain weeks.
const BASE_DATES = [
  "2027-03-26",
  "2027-03-12",
  "2027-10-29",
  "2027-11-05",
  "2027-04-02",
  "2027-10-01",
  "2027-09-03",
  "2027-06-07",
];
const MINUTE = 60_000;
const DAY = 86_400_000;

const zoneArb = fc.constantFrom(...ZONES);
const rangeArb: fc.Arbitrary<TimeRange> = fc
  .integer({ min: 0, max: 95 })
  .chain((start) => fc.integer({ min: start + 1, max: 96 }).map((end) => ({ start, end })))
  .map(({ start, end }) => ({ start: formatWallTime(start * 15), end: formatWallTime(end * 15) }));

function scheduleArb(baseDate: string): fc.Arbitrary<Schedule> {
  const weekly = fc.record(
    Object.fromEntries(WEEKDAYS.map((day) => [day, fc.array(rangeArb, { maxLength: 3 })])),
    { requiredKeys: [] },
  );
  const override = fc.record({
    date: fc.integer({ min: -2, max: 8 }).map((offset) => addDays(baseDate, offset)),
    intervals: fc.array(rangeArb, { maxLength: 2 }),
  });
  return fc.record({ timeZone: zoneArb, weekly, overrides: fc.array(override, { maxLength: 2 }) });
}

function busyArb(base: number): fc.Arbitrary<BusyBlock[]> {
  const block = fc
    .record({
      at: fc.integer({ min: -2 * 96, max: 9 * 96 }),
      quarters: fc.integer({ min: 1, max: 8 }),
      before: fc.constantFrom(0, 0, 10, 30),
      after: fc.constantFrom(0, 0, 15, 30),
      eventTypeId: fc.constantFrom<string | null>("type-1", "type-1", "type-2", null),
      attendeeCount: fc.integer({ min: 1, max: 4 }),
    })
    .map(({ at, quarters, before, after, eventTypeId, attendeeCount }) => {
      const start = base + at * 15 * MINUTE;
      const end = start + quarters * 15 * MINUTE;
      return {
        eventId: "",
        eventTypeId,
        start,
        end,
        from: start - before * MINUTE,
        to: end + after * MINUTE,
        attendeeCount,
      };
    });
  return fc.array(block, { maxLength: 10 });
}

const plainInputArb: fc.Arbitrary<AvailabilityInput> = fc
  .record({
    baseDate: fc.constantFrom(...BASE_DATES),
    shift: fc.integer({ min: 0, max: 3 }),
    days: fc.integer({ min: 1, max: 5 }),
    kind: fc.constantFrom<EventKind>("ONE_ON_ONE", "GROUP", "COLLECTIVE", "ROUND_ROBIN", "FLEXI"),
    hostCount: fc.integer({ min: 1, max: 3 }),
  })
  .chain(({ baseDate, shift, days, kind, hostCount }) => {
    const startDate = addDays(baseDate, shift);
    const base = Date.parse(`${startDate}T00:00:00Z`);
    const count = kind === "ONE_ON_ONE" || kind === "GROUP" ? 1 : hostCount;
    const host = (i: number): fc.Arbitrary<HostInput> =>
      fc.record({
        hostId: fc.constant(`h${i}`),
        schedule: scheduleArb(startDate),
        busy: busyArb(base).map((busy) => busy.map((b, k) => ({ ...b, eventId: `h${i}-e${k}` }))),
        priority: fc.integer({ min: 0, max: 3 }),
      });
    const ids = Array.from({ length: count }, (_, i) => `h${i}`);
    const groups =
      kind === "FLEXI"
        ? fc.array(
            fc.record({
              mode: fc.constantFrom<"ALL" | "ANY">("ALL", "ANY"),
              hostIds: fc.subarray(ids, { minLength: 1 }),
            }),
            { minLength: 1, maxLength: 2 },
          )
        : fc.constant(undefined);
    return fc.record({
      now: fc.integer({ min: -4 * 96, max: 96 }).map((q) => base + q * 15 * MINUTE + 7 * 1000),
      kind: fc.constant(kind),
      eventTypeId: fc.constant("type-1"),
      duration: fc.constantFrom(15, 30, 45, 60, 90),
      slotStep: fc.constantFrom(null, null, 10, 15, 20, 45, 60),
      bufferBefore: fc.constantFrom(0, 0, 5, 15, 30),
      bufferAfter: fc.constantFrom(0, 0, 10, 30),
      minimumNotice: fc.constantFrom(0, 0, 60, 240, 1440),
      maxDaysAhead: fc.constantFrom(null, null, 0, 1, 3, 7),
      horizonTimeZone: zoneArb,
      dailyLimit: fc.constantFrom(null, null, 0, 1, 2, 3),
      seats: kind === "GROUP" ? fc.integer({ min: 1, max: 4 }) : fc.constant(null),
      hosts: fc.tuple(...Array.from({ length: count }, (_, i) => host(i))),
      hostGroups: groups,
      window: fc.record({
        startDate: fc.constant(startDate),
        endDate: fc.constant(addDays(startDate, days - 1)),
        timeZone: zoneArb,
      }),
    });
  });

const allSlots = (input: AvailabilityInput) =>
  computeAvailability(input).days.flatMap((d) => d.slots);

// Random events rarely sit exactly on a slot, so GROUP inputs also get events of the booked type
// at some of the slots offered without events, for joining or, when full, blocking.
const inputArb: fc.Arbitrary<AvailabilityInput> = plainInputArb.chain((input) => {
  if (input.kind !== "GROUP") return fc.constant(input);
  const free = allSlots({ ...input, hosts: input.hosts.map((h) => ({ ...h, busy: [] })) });
  if (free.length === 0) return fc.constant(input);
  const event = fc
    .record({
      pick: fc.nat({ max: free.length - 1 }),
      attendeeCount: fc.integer({ min: 1, max: 4 }),
      buffer: fc.constantFrom(0, 15),
    })
    .map(({ pick, attendeeCount, buffer }): BusyBlock => {
      const start = free[pick]!.start;
      const end = start + input.duration * MINUTE;
      return {
        eventId: `group-${pick}`,
        eventTypeId: input.eventTypeId,
        start,
        end,
        from: start - buffer * MINUTE,
        to: end + buffer * MINUTE,
        attendeeCount,
      };
    });
  return fc.uniqueArray(event, { maxLength: 3, selector: (b) => b.eventId }).map((events) => ({
    ...input,
    hosts: input.hosts.map((h) => ({ ...h, busy: [...h.busy, ...events] })),
  }));
});

// The oracle: a schedule's available time, converted range by range with Temporal.
function oracleHostTime(host: HostInput, input: AvailabilityInput): Interval[] {
  const { timeZone, weekly, overrides } = host.schedule;
  const intervals: Interval[] = [];
  for (let offset = -4; offset <= 10; offset++) {
    const date = addDays(input.window.startDate, offset);
    const dated = overrides.filter((o) => o.date === date);
    const ranges =
      dated.length > 0 ? dated.flatMap((o) => o.intervals) : (weekly[weekdayOf(date)] ?? []);
    for (const r of ranges) {
      intervals.push({
        start: localToInstant(timeZone, date, r.start, "start"),
        end: localToInstant(timeZone, date, r.end, "end"),
      });
    }
  }
  return normalizeIntervals(intervals);
}

const fits = (time: Interval[], start: number, end: number) =>
  time.some((i) => i.start <= start && end <= i.end);
const dateIn = (timeZone: string, instant: number) => instantToLocal(timeZone, instant).date;
const key = (slot: Slot) =>
  `${slot.start}|${slot.hostIds.join(",")}|${slot.seatsLeft}|${slot.eventId ?? ""}`;

const RUNS = { numRuns: 150 };

describe("computeAvailability properties", () => {
  it("every slot obeys every rule", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = computeAvailability(input);
        const duration = input.duration * MINUTE;
        const hostTime = new Map(input.hosts.map((h) => [h.hostId, oracleHostTime(h, input)]));
        for (const day of result.days) {
          expect(day.slots.length).toBeGreaterThan(0);
          for (const slot of day.slots) {
            const end = slot.start + duration;
            const reading = instantToLocal(input.window.timeZone, slot.start);
            expect([slot.localDate, slot.localTime, slot.offsetMinutes]).toEqual([
              reading.date,
              reading.time,
              reading.offsetMinutes,
            ]);
            expect(slot.localDate).toBe(day.date);
            expect(
              slot.localDate >= input.window.startDate && slot.localDate <= input.window.endDate,
            ).toBe(true);
            expect(slot.start).toBeGreaterThanOrEqual(input.now + input.minimumNotice * MINUTE);
            if (result.lastDate !== null) {
              expect(dateIn(input.horizonTimeZone, slot.start) <= result.lastDate).toBe(true);
            }
            expect(slot.hostIds.length).toBeGreaterThan(0);
            if (input.kind === "COLLECTIVE")
              expect(slot.hostIds).toEqual(input.hosts.map((h) => h.hostId));
            for (const group of input.hostGroups ?? []) {
              if (group.mode === "ALL")
                for (const id of group.hostIds) expect(slot.hostIds).toContain(id);
              else expect(group.hostIds.some((id) => slot.hostIds.includes(id))).toBe(true);
            }
            for (const hostId of slot.hostIds) {
              const host = input.hosts.find((h) => h.hostId === hostId)!;
              expect(fits(hostTime.get(hostId)!, slot.start, end)).toBe(true);
              const from = slot.start - input.bufferBefore * MINUTE;
              const to = end + input.bufferAfter * MINUTE;
              const clashes = host.busy.filter(
                (b) => b.from < to && from < b.to && b.eventId !== slot.eventId,
              );
              expect(clashes).toEqual([]);
              if (input.dailyLimit !== null && slot.eventId === undefined) {
                const date = dateIn(host.schedule.timeZone, slot.start);
                const sameDay = host.busy.filter(
                  (b) =>
                    b.eventTypeId === input.eventTypeId &&
                    dateIn(host.schedule.timeZone, b.start) === date,
                );
                expect(sameDay.length).toBeLessThan(input.dailyLimit);
              }
            }
            if (input.kind === "GROUP") {
              const seats = input.seats!;
              const joined = input.hosts[0]!.busy.find((b) => b.eventId === slot.eventId);
              expect(slot.seatsLeft).toBe(
                joined === undefined ? seats : seats - joined.attendeeCount,
              );
              expect(slot.seatsLeft).toBeGreaterThan(0);
              if (joined !== undefined) {
                expect([joined.start, joined.end, joined.eventTypeId]).toEqual([
                  slot.start,
                  end,
                  input.eventTypeId,
                ]);
              }
            } else {
              expect(slot.seatsLeft).toBeNull();
              expect(slot.eventId).toBeUndefined();
            }
          }
        }
        const starts = result.days.flatMap((d) => d.slots.map((s) => s.start));
        expect(starts).toEqual([...starts].sort((a, b) => a - b));
        expect(result.days.map((d) => d.date)).toEqual([...result.days.map((d) => d.date)].sort());
      }),
      RUNS,
    );
  });

  it("the slots' instants do not depend on the invitee's zone", () => {
    fc.assert(
      fc.property(inputArb, zoneArb, (input, otherZone) => {
        const { startDate, endDate, timeZone } = input.window;
        const from = localToInstant(timeZone, startDate, "00:00", "start");
        const to = localToInstant(timeZone, addDays(endDate, 1), "00:00", "start");
        const inWindow = (slot: Slot) => {
          const date = dateIn(timeZone, slot.start);
          return slot.start >= from && slot.start < to && date >= startDate && date <= endDate;
        };
        const other = allSlots({
          ...input,
          window: {
            startDate: dateIn(otherZone, from),
            endDate: dateIn(otherZone, to - 1),
            timeZone: otherZone,
          },
        });
        expect(other.filter(inWindow).map(key)).toEqual(allSlots(input).map(key));
      }),
      RUNS,
    );
  });

  // A GROUP host at the daily limit can still be joined, so with a limit an event of the booked
  // type may add a slot (a joinable one) or remove one: the properties hold for the other events.
  const mayToggle = (input: AvailabilityInput, block: BusyBlock) =>
    !(
      input.kind === "GROUP" &&
      input.dailyLimit !== null &&
      block.eventTypeId === input.eventTypeId
    );

  it("adding an event never adds a slot; removing one never removes a slot", () => {
    fc.assert(
      fc.property(inputArb, fc.nat(), (input, pick) => {
        const hostIndex = pick % input.hosts.length;
        const host = input.hosts[hostIndex]!;
        const blockIndex = pick % Math.max(1, host.busy.length);
        const block = host.busy[blockIndex];
        if (block === undefined || !mayToggle(input, block)) return;
        const without = {
          ...input,
          hosts: input.hosts.map((h, i) =>
            i === hostIndex ? { ...h, busy: h.busy.filter((_, k) => k !== blockIndex) } : h,
          ),
        };
        const withStarts = new Set(allSlots(input).map((s) => s.start));
        const withoutStarts = allSlots(without).map((s) => s.start);
        for (const start of withStarts) expect(withoutStarts).toContain(start);
      }),
      RUNS,
    );
  });

  it("firstFreeOnly offers the same slots, each naming one of the hosts it would name", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const all = allSlots(input);
        const first = allSlots({ ...input, firstFreeOnly: true });
        expect(first.map((s) => [s.start, s.seatsLeft])).toEqual(
          all.map((s) => [s.start, s.seatsLeft]),
        );
        first.forEach((slot, i) => {
          for (const hostId of slot.hostIds) expect(all[i]!.hostIds).toContain(hostId);
        });
      }),
      RUNS,
    );
  });

  it("refreshing after a meeting comes or goes gives what computing afresh gives", () => {
    fc.assert(
      fc.property(inputArb, fc.nat(), fc.boolean(), (input, pick, adding) => {
        const hostIndex = pick % input.hosts.length;
        const host = input.hosts[hostIndex]!;
        let changed: BusyBlock;
        let busy: BusyBlock[];
        if (!adding && host.busy.length > 0) {
          const blockIndex = pick % host.busy.length;
          changed = host.busy[blockIndex]!;
          busy = host.busy.filter((_, k) => k !== blockIndex);
        } else {
          // Near an invitee midnight, where a change reaches the dates either side.
          const date = addDays(input.window.startDate, pick % 6);
          const midnight = localToInstant(input.window.timeZone, date, "00:00", "start");
          const start = midnight + ((pick % 29) - 14) * 15 * MINUTE;
          changed = {
            eventId: "added",
            eventTypeId: input.eventTypeId,
            start,
            end: start + input.duration * MINUTE,
            from: start - 10 * MINUTE,
            to: start + input.duration * MINUTE + 5 * MINUTE,
            attendeeCount: 1,
          };
          busy = [...host.busy, changed];
        }
        const changedInput = {
          ...input,
          hosts: input.hosts.map((h, i) => (i === hostIndex ? { ...h, busy } : h)),
        };
        const refreshed = refreshAvailability(changedInput, computeAvailability(input), [
          { start: changed.from, end: changed.to },
        ]);
        expect(refreshed).toEqual(computeAvailability(changedInput));
      }),
      { numRuns: 600 },
    );
  });

  it("isSlotAvailable confirms exactly the offered slots", () => {
    fc.assert(
      fc.property(inputArb, fc.nat(), (input, pick) => {
        const slots = allSlots(input);
        for (const slot of slots.filter((_, i) => i % 7 === pick % 7).slice(0, 4)) {
          expect(isSlotAvailable(input, slot.start)).toEqual(slot);
        }
        const offered = new Set(slots.map((s) => s.start));
        const probe =
          Date.parse(`${input.window.startDate}T00:00:00Z`) + (pick % (5 * 96)) * 15 * MINUTE;
        for (const start of [probe, probe + MINUTE, probe - DAY]) {
          if (
            !offered.has(start) &&
            dateIn(input.window.timeZone, start) >= input.window.startDate &&
            dateIn(input.window.timeZone, start) <= input.window.endDate
          ) {
            expect(isSlotAvailable(input, start)).toBeNull();
          }
        }
      }),
      RUNS,
    );
  });
});
