import { describe, expect, it } from "vitest";
import { parseLocalDate } from "../time/localDate";
import { buildOffsetTimeline } from "../time/offsetTimeline";
import { dailyEventCounts } from "./dailyEventCounts";
import { buildBusy } from "./testing/buildAvailabilityInput";

describe("dailyEventCounts", () => {
  const from = Date.parse("2027-06-01T00:00:00Z");
  const to = Date.parse("2027-07-01T00:00:00Z");

  it("counts events of the type by their start's date in the host's zone", () => {
    const busy = [
      buildBusy("2027-06-07T08:00:00Z", "2027-06-07T09:00:00Z", { eventTypeId: "type-1" }),
      // 00:30 on Tuesday in Berlin, still Monday in UTC and New York.
      buildBusy("2027-06-07T22:30:00Z", "2027-06-07T23:30:00Z", { eventTypeId: "type-1" }),
      buildBusy("2027-06-07T10:00:00Z", "2027-06-07T11:00:00Z", { eventTypeId: "type-2" }),
      buildBusy("2027-06-07T12:00:00Z", "2027-06-07T13:00:00Z", { eventTypeId: null }),
    ];
    const berlin = dailyEventCounts(busy, "type-1", buildOffsetTimeline("Europe/Berlin", from, to));
    expect(berlin).toEqual(
      new Map([
        [parseLocalDate("2027-06-07"), 1],
        [parseLocalDate("2027-06-08"), 1],
      ]),
    );
    const newYork = dailyEventCounts(
      busy,
      "type-1",
      buildOffsetTimeline("America/New_York", from, to),
    );
    expect(newYork).toEqual(new Map([[parseLocalDate("2027-06-07"), 2]]));
  });
});
