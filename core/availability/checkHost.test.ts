import { describe, expect, it } from "vitest";
import { buildOffsetTimeline } from "../time/offsetTimeline";
import { checkHost, type HostRules, prepareHost } from "./checkHost";
import { buildBusy, buildHost } from "./testing/buildAvailabilityInput";
import type { BusyBlock } from "./types";

const M = 60_000;
const at = (time: string) => Date.parse(`2027-06-07T${time}:00Z`);
const timeline = buildOffsetTimeline("UTC", at("00:00") - 86_400_000, at("00:00") + 86_400_000);
const available = [{ start: at("08:00"), end: at("18:00") }];
const baseRules: HostRules = {
  eventTypeId: "type-1",
  bufferBefore: 0,
  bufferAfter: 0,
  dailyLimit: null,
  seats: null,
};

function check(busy: BusyBlock[], start: string, end: string, rules: Partial<HostRules> = {}) {
  const all = { ...baseRules, ...rules };
  return checkHost(
    prepareHost(buildHost({ busy }), available, timeline, all),
    at(start),
    at(end),
    all,
  );
}

describe("checkHost", () => {
  const meeting = buildBusy("2027-06-07T11:00:00Z", "2027-06-07T12:00:00Z");
  const buffered = buildBusy("2027-06-07T11:00:00Z", "2027-06-07T12:00:00Z", {
    from: at("10:45"),
    to: at("12:15"),
  });

  it.each<[string, BusyBlock[], string, string, Partial<HostRules>, boolean]>([
    ["free inside working hours", [], "09:00", "10:00", {}, true],
    ["the meeting must fit working hours", [], "17:30", "18:30", {}, false],
    ["buffers need not fit working hours", [], "08:00", "09:00", { bufferBefore: 30 * M }, true],
    ["touching an event before", [meeting], "12:00", "13:00", {}, true],
    ["touching an event after", [meeting], "10:00", "11:00", {}, true],
    ["overlapping an event", [meeting], "11:30", "12:30", {}, false],
    ["blocked by the event's own buffer after", [buffered], "12:00", "13:00", {}, false],
    ["blocked by the event's own buffer before", [buffered], "10:00", "11:00", {}, false],
    ["clear of the event's buffers", [buffered], "12:15", "13:15", {}, true],
    [
      "blocked by the new event's buffer after",
      [meeting],
      "10:00",
      "11:00",
      { bufferAfter: 15 * M },
      false,
    ],
    [
      "blocked by the new event's buffer before",
      [meeting],
      "12:00",
      "13:00",
      { bufferBefore: 15 * M },
      false,
    ],
    [
      "the new event's buffer on the far side is harmless",
      [meeting],
      "12:00",
      "13:00",
      { bufferAfter: 60 * M },
      true,
    ],
    ["both buffers add up", [buffered], "12:30", "13:30", { bufferBefore: 15 * M }, true],
    ["both buffers add up, blocked", [buffered], "12:29", "13:29", { bufferBefore: 15 * M }, false],
  ])("%s", (_, busy, start, end, rules, free) => {
    expect(check(busy, start, end, rules).free).toBe(free);
  });

  describe("daily limit, by the host-local day of the start", () => {
    const ofType = (time: string) =>
      buildBusy(`2027-06-07T${time}:00Z`, `2027-06-07T${time.slice(0, 2)}:30:00Z`, {
        eventTypeId: "type-1",
      });

    it.each<[number | null, BusyBlock[], boolean]>([
      [null, [ofType("09:00"), ofType("10:00")], true],
      [3, [ofType("09:00"), ofType("10:00")], true],
      [2, [ofType("09:00"), ofType("10:00")], false],
      [0, [], false],
      [
        1,
        [buildBusy("2027-06-07T09:00:00Z", "2027-06-07T09:30:00Z", { eventTypeId: "type-2" })],
        true,
      ],
      [
        1,
        [buildBusy("2027-06-06T09:00:00Z", "2027-06-06T09:30:00Z", { eventTypeId: "type-1" })],
        true,
      ],
    ])("limit %s", (dailyLimit, busy, free) => {
      expect(check(busy, "14:00", "15:00", { dailyLimit }).free).toBe(free);
    });
  });

  describe("GROUP seats", () => {
    const group = (attendeeCount: number, overrides: Partial<BusyBlock> = {}) =>
      buildBusy("2027-06-07T11:00:00Z", "2027-06-07T12:00:00Z", {
        eventId: "group-1",
        eventTypeId: "type-1",
        attendeeCount,
        from: at("10:45"),
        to: at("12:15"),
        ...overrides,
      });

    it("joins an event with seats left, ignoring its own block", () => {
      const result = check([group(2)], "11:00", "12:00", { seats: 3, bufferBefore: 30 * M });
      expect(result).toEqual({ free: true, join: expect.objectContaining({ eventId: "group-1" }) });
    });

    it("is full when every seat is taken", () => {
      expect(check([group(3)], "11:00", "12:00", { seats: 3 }).free).toBe(false);
    });

    it("joins only at exactly the same start and end", () => {
      expect(check([group(1)], "11:00", "11:30", { seats: 3 }).free).toBe(false);
    });

    it("joins only events of the booked type", () => {
      expect(
        check([group(1, { eventTypeId: "type-2" })], "11:00", "12:00", { seats: 3 }).free,
      ).toBe(false);
    });

    it("other events still block a join", () => {
      const other = buildBusy("2027-06-07T11:30:00Z", "2027-06-07T12:30:00Z");
      expect(check([group(1), other], "11:00", "12:00", { seats: 3 }).free).toBe(false);
    });

    it("a join is not a new event for the daily limit", () => {
      expect(check([group(1)], "11:00", "12:00", { seats: 3, dailyLimit: 1 }).free).toBe(true);
      expect(check([group(1)], "14:00", "15:00", { seats: 3, dailyLimit: 1 }).free).toBe(false);
    });

    it("other kinds never join", () => {
      expect(check([group(1)], "11:00", "12:00").free).toBe(false);
    });
  });
});
