import fc from "fast-check";
import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { DomainError } from "../errors";
import { DAY_MS } from "./durations";
import { formatLocalDate, parseLocalDate } from "./localDate";
import { localToInstant } from "./localToInstant";
import {
  buildOffsetTimeline,
  type Edge,
  instantAtWallTime,
  localDayAt,
  offsetAt,
  wallClockAt,
} from "./offsetTimeline";
import { formatWallTime } from "./wallTime";
import { zoneCountry } from "./zoneCountry";

const YEAR_START = Date.UTC(2027, 0, 1);
const YEAR_END = Date.UTC(2028, 0, 1);
const at = (iso: string) => Date.parse(iso);
const hours = (n: number) => n * 3_600_000;

describe("buildOffsetTimeline", () => {
  it.each([
    ["Europe/Berlin", ["2027-03-28T01:00:00Z", "2027-10-31T01:00:00Z"], [60, 120, 60]],
    ["America/New_York", ["2027-03-14T07:00:00Z", "2027-11-07T06:00:00Z"], [-300, -240, -300]],
    ["Australia/Lord_Howe", ["2027-04-03T15:00:00Z", "2027-10-02T15:30:00Z"], [660, 630, 660]],
    ["Asia/Kolkata", [], [330]],
    ["Asia/Tehran", [], [210]],
    ["Pacific/Kiritimati", [], [840]],
    ["UTC", [], [0]],
  ])("%s in 2027", (zone, transitions, offsetMinutes) => {
    const timeline = buildOffsetTimeline(zone, YEAR_START, YEAR_END);
    expect(timeline.transitions).toEqual(transitions.map(at));
    expect(timeline.offsets.map((offset) => offset / 60_000)).toEqual(offsetMinutes);
  });

  it("throws VALIDATION for an unknown zone", () => {
    expect(() => buildOffsetTimeline("Mars/Olympus", YEAR_START, YEAR_END)).toThrow(DomainError);
  });
});

describe("offsetAt and wallClockAt", () => {
  const berlin = buildOffsetTimeline("Europe/Berlin", YEAR_START, YEAR_END);

  it.each([
    ["2027-03-28T00:59:59.999Z", 60, "2027-03-28", "01:59"],
    ["2027-03-28T01:00:00Z", 120, "2027-03-28", "03:00"],
    ["2027-10-31T00:30:00Z", 120, "2027-10-31", "02:30"],
    ["2027-10-31T01:30:00Z", 60, "2027-10-31", "02:30"],
    ["2027-12-31T23:30:00Z", 60, "2028-01-01", "00:30"],
  ])("Berlin at %s: +%i min, %s %s", (iso, offset, date, time) => {
    const clock = wallClockAt(berlin, at(iso));
    expect(offsetAt(berlin, at(iso))).toBe(offset * 60_000);
    expect(clock.offsetMs).toBe(offset * 60_000);
    expect(formatLocalDate(clock.epochDay)).toBe(date);
    expect(formatWallTime(clock.msOfDay / 60_000)).toBe(time);
    expect(localDayAt(berlin, at(iso))).toBe(clock.epochDay);
  });
});

describe("instantAtWallTime", () => {
  const cases: [string, string, number, Edge, string][] = [
    // Berlin springs forward 02:00 -> 03:00: 02:xx does not exist, both edges take the transition.
    ["Europe/Berlin", "2027-03-28", 120, "start", "2027-03-28T01:00:00Z"],
    ["Europe/Berlin", "2027-03-28", 150, "end", "2027-03-28T01:00:00Z"],
    ["Europe/Berlin", "2027-03-28", 180, "start", "2027-03-28T01:00:00Z"],
    ["Europe/Berlin", "2027-03-28", 119, "start", "2027-03-28T00:59:00Z"],
    // Berlin falls back 03:00 -> 02:00: 02:xx repeats; a start takes the earlier, an end the later.
    ["Europe/Berlin", "2027-10-31", 150, "start", "2027-10-31T00:30:00Z"],
    ["Europe/Berlin", "2027-10-31", 150, "end", "2027-10-31T01:30:00Z"],
    ["Europe/Berlin", "2027-10-31", 180, "start", "2027-10-31T02:00:00Z"],
    ["Europe/Berlin", "2027-10-31", 180, "end", "2027-10-31T02:00:00Z"],
    ["Europe/Berlin", "2027-10-31", 1440, "end", "2027-10-31T23:00:00Z"],
    ["America/New_York", "2027-03-14", 150, "start", "2027-03-14T07:00:00Z"],
    ["America/New_York", "2027-11-07", 90, "start", "2027-11-07T05:30:00Z"],
    ["America/New_York", "2027-11-07", 90, "end", "2027-11-07T06:30:00Z"],
    // Lord Howe moves by 30 minutes: 02:00 -> 01:30 in April, 02:00 -> 02:30 in October.
    ["Australia/Lord_Howe", "2027-04-04", 105, "start", "2027-04-03T14:45:00Z"],
    ["Australia/Lord_Howe", "2027-04-04", 105, "end", "2027-04-03T15:15:00Z"],
    ["Australia/Lord_Howe", "2027-10-03", 135, "start", "2027-10-02T15:30:00Z"],
    // Santiago changes at midnight: 2027-09-05 starts at 01:00, 2027-04-03's last hour repeats.
    ["America/Santiago", "2027-09-05", 0, "start", "2027-09-05T04:00:00Z"],
    ["America/Santiago", "2027-04-03", 1380, "start", "2027-04-04T02:00:00Z"],
    ["America/Santiago", "2027-04-03", 1380, "end", "2027-04-04T03:00:00Z"],
    ["Asia/Kolkata", "2027-06-01", 540, "start", "2027-06-01T03:30:00Z"],
    ["Asia/Tehran", "2027-06-01", 540, "start", "2027-06-01T05:30:00Z"],
    ["Pacific/Kiritimati", "2027-06-01", 540, "start", "2027-05-31T19:00:00Z"],
  ];

  it.each(cases)("%s %s minute %i (%s) is %s", (zone, date, minute, edge, iso) => {
    const timeline = buildOffsetTimeline(zone, YEAR_START, YEAR_END);
    expect(instantAtWallTime(timeline, parseLocalDate(date), minute, edge)).toBe(at(iso));
  });

  it("makes 00:00-04:00 5 real hours when clocks fall back and 3 when they spring forward", () => {
    const berlin = buildOffsetTimeline("Europe/Berlin", YEAR_START, YEAR_END);
    const span = (date: string) =>
      instantAtWallTime(berlin, parseLocalDate(date), 240, "end") -
      instantAtWallTime(berlin, parseLocalDate(date), 0, "start");
    expect(span("2027-10-31")).toBe(hours(5));
    expect(span("2027-03-28")).toBe(hours(3));
    expect(span("2027-06-01")).toBe(hours(4));
  });
});

describe("the timeline agrees with Temporal", () => {
  const zones = [
    ...Object.keys(zoneCountry),
    "UTC",
    "Australia/Lord_Howe",
    "Asia/Tehran",
    "Pacific/Chatham",
  ];
  const windowArb = fc.record({
    zone: fc.constantFrom(...zones),
    from: fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2045, 0, 1) }),
    days: fc.integer({ min: 1, max: 120 }),
    position: fc.double({ min: 0, max: 1, noNaN: true }),
  });

  // The plain walk from `from`, transition by transition, that the per-year memo must equal.
  const walked = (zone: string, from: number, to: number) => {
    let zoned = Temporal.Instant.fromEpochMilliseconds(from).toZonedDateTimeISO(zone);
    const transitions: number[] = [];
    const offsets = [zoned.offsetNanoseconds / 1e6];
    for (;;) {
      const next = zoned.getTimeZoneTransition("next");
      if (next === null || next.epochMilliseconds > to) break;
      transitions.push(next.epochMilliseconds);
      offsets.push(next.offsetNanoseconds / 1e6);
      zoned = next;
    }
    return { timeZone: zone, transitions, offsets };
  };

  it("lists the transitions and offsets a walk from `from` finds, across years too", () => {
    fc.assert(
      fc.property(windowArb, fc.integer({ min: 0, max: 800 }), ({ zone, from }, days) => {
        const to = from + days * DAY_MS;
        expect(buildOffsetTimeline(zone, from, to)).toEqual(walked(zone, from, to));
      }),
      { numRuns: 300 },
    );
    // Spans starting and ending on a year's first instant, and on a transition itself.
    for (const zone of ["Europe/Berlin", "America/Santiago", "Australia/Lord_Howe", "UTC"]) {
      const newYear = Date.UTC(2031, 0, 1);
      expect(buildOffsetTimeline(zone, newYear, newYear + 400 * DAY_MS)).toEqual(
        walked(zone, newYear, newYear + 400 * DAY_MS),
      );
      expect(buildOffsetTimeline(zone, newYear - 400 * DAY_MS, newYear)).toEqual(
        walked(zone, newYear - 400 * DAY_MS, newYear),
      );
      const first = walked(zone, newYear, newYear + 400 * DAY_MS).transitions[0];
      if (first !== undefined) {
        expect(buildOffsetTimeline(zone, first, first + 200 * DAY_MS)).toEqual(
          walked(zone, first, first + 200 * DAY_MS),
        );
      }
    }
  });

  it("for instant -> wall clock", () => {
    fc.assert(
      fc.property(windowArb, ({ zone, from, days, position }) => {
        const to = from + days * DAY_MS;
        const timeline = buildOffsetTimeline(zone, from, to);
        const instant = Math.floor(from + (to - from) * position);
        const zoned = Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(zone);
        const clock = wallClockAt(timeline, instant);
        expect(clock.offsetMs).toBe(zoned.offsetNanoseconds / 1e6);
        expect(formatLocalDate(clock.epochDay)).toBe(zoned.toPlainDate().toString());
        const minutes = zoned.hour * 60 + zoned.minute + zoned.second / 60;
        expect(Math.floor(clock.msOfDay / 1000)).toBe(Math.floor(minutes * 60 + 1e-9));
      }),
      { numRuns: 200 },
    );
  });

  it("for wall clock -> instant, with the DST edge rules", () => {
    fc.assert(
      fc.property(
        windowArb,
        fc.integer({ min: 0, max: 95 }),
        fc.constantFrom<Edge>("start", "end"),
        ({ zone, from, days, position }, quarter, edge) => {
          const timeline = buildOffsetTimeline(zone, from - 2 * DAY_MS, from + (days + 2) * DAY_MS);
          const day = Math.floor(from / DAY_MS) + Math.floor(days * position);
          const minute = quarter * 15;
          const time = formatWallTime(minute);
          expect(instantAtWallTime(timeline, day, minute, edge)).toBe(
            localToInstant(zone, formatLocalDate(day), time, edge),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it("around real transitions", () => {
    const dstZones = [
      "Europe/Berlin",
      "America/New_York",
      "Australia/Lord_Howe",
      "America/Santiago",
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...dstZones),
        fc.integer({ min: 2025, max: 2040 }),
        fc.boolean(),
        fc.integer({ min: -180, max: 180 }),
        fc.constantFrom<Edge>("start", "end"),
        (zone, year, second, minutesAround, edge) => {
          const from = Date.UTC(year, 0, 1);
          const timeline = buildOffsetTimeline(zone, from, Date.UTC(year + 1, 0, 1));
          const transition = timeline.transitions[second ? 1 : 0];
          if (transition === undefined) return;
          const instant = transition + minutesAround * 60_000;
          const zoned = Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(zone);
          expect(offsetAt(timeline, instant)).toBe(zoned.offsetNanoseconds / 1e6);
          const local = wallClockAt(timeline, instant);
          const minute = Math.floor(local.msOfDay / 60_000);
          expect(instantAtWallTime(timeline, local.epochDay, minute, edge)).toBe(
            localToInstant(zone, formatLocalDate(local.epochDay), formatWallTime(minute), edge),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
