import { describe, expect, it } from "vitest";
import { computeAvailability } from "./computeAvailability";
import { reachedDates, refreshAvailability } from "./refreshAvailability";
import {
  buildAvailabilityInput,
  buildBusy,
  buildHost,
  buildSchedule,
  everyDay,
  range,
} from "./testing/buildAvailabilityInput";
import type { AvailabilityInput, BusyBlock } from "./types";

// Wednesday 2027-06-09 to Saturday 2027-06-12, a host in Berlin free all day every day.
const input = (overrides: Partial<AvailabilityInput> = {}) =>
  buildAvailabilityInput({
    hosts: [buildHost({ schedule: buildSchedule({ weekly: everyDay(range("00:00", "24:00")) }) })],
    window: { startDate: "2027-06-09", endDate: "2027-06-12", timeZone: "Europe/Berlin" },
    ...overrides,
  });
const spanOf = (block: BusyBlock) => ({ start: block.from, end: block.to });
const withBusy = (base: AvailabilityInput, busy: BusyBlock[]): AvailabilityInput => ({
  ...base,
  hosts: base.hosts.map((host) => ({ ...host, busy })),
});

describe("reachedDates", () => {
  it("reaches back by the meeting's length: a two-hour meeting late on Thursday meets Friday 00:30", () => {
    // Friday 00:30-01:00 Berlin; a 120-minute slot from Thursday 22:30 on would overlap it.
    const block = buildBusy("2027-06-10T22:30:00Z", "2027-06-10T23:00:00Z");
    expect(reachedDates(input({ duration: 120 }), [spanOf(block)])).toEqual({
      first: "2027-06-10",
      last: "2027-06-11",
    });
    // A 15-minute meeting cannot reach back past Friday's midnight.
    expect(reachedDates(input({ duration: 15 }), [spanOf(block)])).toEqual({
      first: "2027-06-11",
      last: "2027-06-11",
    });
  });

  it("reaches forward by the buffer before: a meeting ending Thursday 23:50 keeps Friday 00:15 free of a 30-minute buffer", () => {
    const block = buildBusy("2027-06-10T21:00:00Z", "2027-06-10T21:50:00Z");
    expect(reachedDates(input({ duration: 15, bufferBefore: 30 }), [spanOf(block)])).toEqual({
      first: "2027-06-10",
      last: "2027-06-11",
    });
  });

  it("reaches the host's whole day and more under a daily cap, and every date under a weekly one", () => {
    const block = buildBusy("2027-06-10T10:00:00Z", "2027-06-10T11:00:00Z");
    expect(reachedDates(input({ dailyLimit: 2 }), [spanOf(block)])).toEqual({
      first: "2027-06-09",
      last: "2027-06-11",
    });
    expect(reachedDates(input({ weeklyLimit: 5 }), [spanOf(block)])).toBe("all");
    expect(reachedDates(input({ weeklyLimit: 5 }), [])).toBe("all");
    expect(reachedDates(input(), [])).toBeNull();
  });

  it("counts dates in the invitee's zone", () => {
    // Thursday 23:30 UTC is Friday 08:30 in Tokyo.
    const block = buildBusy("2027-06-10T23:30:00Z", "2027-06-11T00:00:00Z");
    const tokyo = input({
      duration: 15,
      window: { startDate: "2027-06-09", endDate: "2027-06-12", timeZone: "Asia/Tokyo" },
    });
    expect(reachedDates(tokyo, [spanOf(block)])).toEqual({
      first: "2027-06-11",
      last: "2027-06-11",
    });
  });
});

describe("refreshAvailability", () => {
  it("gives what computing afresh gives when a meeting just after midnight takes the evening before its long slots", () => {
    // Two-hour meetings every 30 minutes; the new one is Friday 00:30-01:30 Berlin, so Thursday's
    // 23:00 and 23:30 starts would run into it.
    const base = input({ duration: 120, slotStep: 30 });
    const block = buildBusy("2027-06-10T22:30:00Z", "2027-06-10T23:30:00Z");
    const after = withBusy(base, [block]);
    const refreshed = refreshAvailability(after, computeAvailability(base), [spanOf(block)]);
    expect(refreshed).toEqual(computeAvailability(after));
    // Thursday evening and Friday night both lost slots.
    const before = computeAvailability(base);
    const changed = refreshed.days.filter(
      (day, i) => JSON.stringify(day) !== JSON.stringify(before.days[i]),
    );
    expect(changed.map((day) => day.date)).toEqual(["2027-06-10", "2027-06-11"]);
  });

  it("keeps the days a change cannot reach as they were", () => {
    const base = input({ duration: 30 });
    const before = computeAvailability(base);
    const block = buildBusy("2027-06-09T10:00:00Z", "2027-06-09T10:30:00Z");
    const refreshed = refreshAvailability(withBusy(base, [block]), before, [spanOf(block)]);
    expect(refreshed.days.slice(1)).toEqual(before.days.slice(1));
    for (const [i, day] of refreshed.days.slice(1).entries()) expect(day).toBe(before.days[i + 1]);
    expect(refreshed.days[0]).not.toEqual(before.days[0]);
  });
});
