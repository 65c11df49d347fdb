import { instantToLocal } from "../../time/instantToLocal";
import type {
  AvailabilityInput,
  AvailabilityResult,
  BusyBlock,
  HostInput,
  Schedule,
  TimeRange,
  Weekday,
} from "../types";

// Test factories: whole valid objects with overrides. Defaults: a Berlin host working 09:00-17:00
// Monday to Friday, a 60-minute ONE_ON_ONE, and a window of Monday 2027-06-07 in Berlin.

/** The given ranges on every weekday Monday to Friday. */
export function workdays(...ranges: TimeRange[]): Partial<Record<Weekday, TimeRange[]>> {
  return { MON: ranges, TUE: ranges, WED: ranges, THU: ranges, FRI: ranges };
}

/** The given ranges on all seven days. */
export function everyDay(...ranges: TimeRange[]): Partial<Record<Weekday, TimeRange[]>> {
  return { ...workdays(...ranges), SAT: ranges, SUN: ranges };
}

/** A range from "HH:mm" to "HH:mm". */
export function range(start: string, end: string): TimeRange {
  return { start, end };
}

/** A schedule: Berlin, 09:00-17:00 Monday to Friday, no overrides. */
export function buildSchedule(overrides: Partial<Schedule> = {}): Schedule {
  return {
    timeZone: "Europe/Berlin",
    weekly: workdays(range("09:00", "17:00")),
    overrides: [],
    ...overrides,
  };
}

/** A host "host-1" with the default schedule and no events. */
export function buildHost(overrides: Partial<HostInput> = {}): HostInput {
  return { hostId: "host-1", schedule: buildSchedule(), busy: [], ...overrides };
}

let nextEventId = 1;

/** A busy block for the meeting [start, end) (ISO instants), blocking just the meeting unless from/to are given. */
export function buildBusy(
  start: string,
  end: string,
  overrides: Partial<BusyBlock> = {},
): BusyBlock {
  const startMs = Date.parse(start);
  const endMs = Date.parse(end);
  return {
    eventId: `event-${nextEventId++}`,
    eventTypeId: null,
    start: startMs,
    end: endMs,
    from: startMs,
    to: endMs,
    attendeeCount: 1,
    ...overrides,
  };
}

/** A 60-minute ONE_ON_ONE of "type-1" with one default host, over Monday 2027-06-07 in Berlin. */
export function buildAvailabilityInput(
  overrides: Partial<AvailabilityInput> = {},
): AvailabilityInput {
  return {
    now: Date.parse("2027-06-01T00:00:00Z"),
    kind: "ONE_ON_ONE",
    eventTypeId: "type-1",
    duration: 60,
    slotStep: null,
    bufferBefore: 0,
    bufferAfter: 0,
    minimumNotice: 0,
    maxDaysAhead: null,
    horizonTimeZone: "Europe/Berlin",
    dailyLimit: null,
    seats: null,
    hosts: [buildHost()],
    window: { startDate: "2027-06-07", endDate: "2027-06-07", timeZone: "Europe/Berlin" },
    ...overrides,
  };
}

/** The result as { date: ["HH:mm", ...] }, for readable assertions. */
export function slotTimes(result: AvailabilityResult): Record<string, string[]> {
  return Object.fromEntries(
    result.days.map((day) => [day.date, day.slots.map((slot) => slot.localTime)]),
  );
}

/** The result as [localTime, offsetMinutes] pairs of one day, for DST assertions. */
export function slotClock(result: AvailabilityResult, date: string): [string, number][] {
  const day = result.days.find((d) => d.date === date);
  return (day?.slots ?? []).map((slot) => [slot.localTime, slot.offsetMinutes]);
}

/** The "yyyy-MM-dd HH:mm" of an instant in a zone, to check slots against Temporal. */
export function readingOf(timeZone: string, instant: number): string {
  const { date, time } = instantToLocal(timeZone, instant);
  return `${date} ${time}`;
}
