import { describe, expect, it } from "vitest";
import { buildOffsetTimeline } from "../time/offsetTimeline";
import {
  type BookingLimits,
  type LimitedMeeting,
  limitReachDays,
  limitTotals,
  NO_LIMITS,
  withinBookingLimits,
} from "./bookingLimits";
import { computeAvailability } from "./computeAvailability";
import {
  buildAvailabilityInput,
  buildBusy,
  buildHost,
  buildSchedule,
  everyDay,
  range,
  slotTimes,
} from "./testing/buildAvailabilityInput";

const TYPE = "type-1";
const MINUTE = 60_000;

function meeting(start: string, minutes = 30, eventTypeId: string | null = TYPE): LimitedMeeting {
  const at = Date.parse(start);
  return { eventTypeId, start: at, end: at + minutes * MINUTE };
}

/** Whether one more meeting of `minutes` at `start` fits beside `meetings` in `zone`. */
function allows(
  zone: string,
  limits: Partial<BookingLimits>,
  meetings: LimitedMeeting[],
  start: string,
  minutes = 30,
) {
  const at = Date.parse(start);
  const timeline = buildOffsetTimeline(zone, at - 40 * 86_400_000, at + 40 * 86_400_000);
  const totals = limitTotals(meetings, TYPE, timeline);
  return withinBookingLimits(
    { ...NO_LIMITS, ...limits },
    totals,
    timeline,
    at,
    at + minutes * MINUTE,
  );
}

describe("withinBookingLimits", () => {
  it("counts weeks from Monday 00:00 in the host's zone, across the spring change", () => {
    // Berlin springs forward on Sunday 2027-03-28. Sunday 23:30 there (UTC+2) is 21:30Z.
    const sunday = [meeting("2027-03-28T21:30:00Z")];
    // Monday 2027-03-22 00:00 Berlin (UTC+1) is still Sunday in UTC, yet the same Berlin week.
    expect(allows("Europe/Berlin", { weekly: 1 }, sunday, "2027-03-21T23:00:00Z")).toBe(false);
    // Monday 2027-03-29 00:30 Berlin is Sunday 22:30Z: a new Berlin week, though not in UTC.
    expect(allows("Europe/Berlin", { weekly: 1 }, sunday, "2027-03-28T22:30:00Z")).toBe(true);
    // The Sunday before (2027-03-21 23:30 Berlin, 22:30Z) belongs to the week before.
    expect(allows("Europe/Berlin", { weekly: 1 }, sunday, "2027-03-21T22:30:00Z")).toBe(true);
  });

  it("counts calendar months in the host's zone, across the autumn change", () => {
    // New York falls back on 2027-11-07. 31 October 22:00 EDT is 1 November 02:00Z.
    const october = [meeting("2027-10-05T14:00:00Z")];
    expect(allows("America/New_York", { monthly: 1 }, october, "2027-11-01T02:00:00Z")).toBe(false);
    expect(allows("America/New_York", { monthly: 1 }, october, "2027-11-01T14:00:00Z")).toBe(true);
    // 30 November 23:30 EST (after the change) is 1 December 04:30Z, still November there.
    const november = [meeting("2027-11-08T15:00:00Z")];
    expect(allows("America/New_York", { monthly: 1 }, november, "2027-12-01T04:30:00Z")).toBe(
      false,
    );
    expect(allows("America/New_York", { monthly: 1 }, november, "2027-12-01T05:30:00Z")).toBe(true);
  });

  it("caps meeting time per day and week, counting only the meetings themselves", () => {
    const day = [meeting("2027-06-07T07:00:00Z", 45), meeting("2027-06-07T08:00:00Z", 30)];
    expect(allows("Europe/Berlin", { dailyMinutes: 120 }, day, "2027-06-07T10:00:00Z", 45)).toBe(
      true,
    );
    expect(allows("Europe/Berlin", { dailyMinutes: 120 }, day, "2027-06-07T10:00:00Z", 60)).toBe(
      false,
    );
    // The next Berlin day starts afresh; its week does not.
    expect(allows("Europe/Berlin", { dailyMinutes: 120 }, day, "2027-06-08T10:00:00Z", 60)).toBe(
      true,
    );
    expect(allows("Europe/Berlin", { weeklyMinutes: 120 }, day, "2027-06-11T10:00:00Z", 60)).toBe(
      false,
    );
    expect(allows("Europe/Berlin", { weeklyMinutes: 120 }, day, "2027-06-14T10:00:00Z", 60)).toBe(
      true,
    );
  });

  it("counts only the event type's own meetings", () => {
    const other = [
      meeting("2027-06-07T07:00:00Z", 30, "type-2"),
      meeting("2027-06-07T08:00:00Z", 30, null),
    ];
    expect(allows("Europe/Berlin", { daily: 1, weekly: 1 }, other, "2027-06-07T10:00:00Z")).toBe(
      true,
    );
    expect(allows("Europe/Berlin", { daily: 1 }, [], "2027-06-07T10:00:00Z")).toBe(true);
  });

  it("reaches as far as the widest cap needs", () => {
    expect(limitReachDays(NO_LIMITS)).toBe(0);
    expect(limitReachDays({ ...NO_LIMITS, daily: 2 })).toBe(2);
    expect(limitReachDays({ ...NO_LIMITS, weeklyMinutes: 60 })).toBe(8);
    expect(limitReachDays({ ...NO_LIMITS, weekly: 1, monthly: 3 })).toBe(32);
  });
});

describe("computeAvailability with weekly and monthly limits", () => {
  const host = (busy: ReturnType<typeof buildBusy>[]) =>
    buildHost({
      schedule: buildSchedule({ weekly: everyDay(range("09:00", "11:00")) }),
      busy,
    });

  it("offers no time in a host-local week that is full, and all of the next, across DST", () => {
    // Two meetings in Berlin's week of Monday 2027-03-22 (the week Berlin springs forward).
    const busy = [
      buildBusy("2027-03-22T08:00:00Z", "2027-03-22T09:00:00Z", { eventTypeId: TYPE }),
      buildBusy("2027-03-28T07:00:00Z", "2027-03-28T08:00:00Z", { eventTypeId: TYPE }),
    ];
    const result = computeAvailability(
      buildAvailabilityInput({
        now: Date.parse("2027-03-01T00:00:00Z"),
        weeklyLimit: 2,
        hosts: [host(busy)],
        window: { startDate: "2027-03-27", endDate: "2027-03-29", timeZone: "Europe/Berlin" },
      }),
    );
    expect(slotTimes(result)).toEqual({ "2027-03-29": ["09:00", "10:00"] });

    // With one meeting only, the week still has room: Saturday and Sunday offer times again.
    const open = computeAvailability(
      buildAvailabilityInput({
        now: Date.parse("2027-03-01T00:00:00Z"),
        weeklyLimit: 2,
        hosts: [host(busy.slice(0, 1))],
        window: { startDate: "2027-03-27", endDate: "2027-03-28", timeZone: "Europe/Berlin" },
      }),
    );
    expect(slotTimes(open)).toEqual({
      "2027-03-27": ["09:00", "10:00"],
      "2027-03-28": ["09:00", "10:00"],
    });
  });

  it("counts a month's meetings a month away from the window, in the host's zone", () => {
    // Host in New York; October's only allowed meeting was on the 1st; the window is the 31st.
    const busy = [buildBusy("2027-10-01T13:00:00Z", "2027-10-01T14:00:00Z", { eventTypeId: TYPE })];
    const input = buildAvailabilityInput({
      now: Date.parse("2027-09-01T00:00:00Z"),
      monthlyLimit: 1,
      horizonTimeZone: "America/New_York",
      hosts: [
        buildHost({
          schedule: buildSchedule({
            timeZone: "America/New_York",
            weekly: everyDay(range("09:00", "11:00")),
          }),
          busy,
        }),
      ],
      window: { startDate: "2027-10-31", endDate: "2027-11-01", timeZone: "America/New_York" },
    });
    expect(slotTimes(computeAvailability(input))).toEqual({ "2027-11-01": ["09:00", "10:00"] });
  });

  it("leaves out a slot whose length would pass the daily meeting time", () => {
    const busy = [buildBusy("2027-06-07T07:00:00Z", "2027-06-07T08:00:00Z", { eventTypeId: TYPE })];
    const input = buildAvailabilityInput({
      dailyDurationLimit: 90,
      duration: 30,
      hosts: [
        buildHost({
          schedule: buildSchedule({ weekly: everyDay(range("09:00", "11:00")) }),
          busy,
        }),
      ],
    });
    expect(slotTimes(computeAvailability(input))).toEqual({
      "2027-06-07": ["10:00", "10:30"],
    });
    expect(slotTimes(computeAvailability({ ...input, duration: 45, slotStep: 30 }))).toEqual({});
  });
});
