import { describe, expect, it } from "vitest";
import { formatLocalDate } from "../time/localDate";
import { buildOffsetTimeline } from "../time/offsetTimeline";
import { lastBookableDay } from "./lastBookableDay";

describe("lastBookableDay", () => {
  const from = Date.parse("2027-01-01T00:00:00Z");
  const to = Date.parse("2028-01-01T00:00:00Z");

  it.each([
    ["Europe/Berlin", "2027-06-06T21:30:00Z", 0, "2027-06-06"],
    ["Europe/Berlin", "2027-06-06T22:30:00Z", 0, "2027-06-07"],
    ["Europe/Berlin", "2027-06-06T22:30:00Z", 30, "2027-07-07"],
    ["America/New_York", "2027-06-07T02:00:00Z", 1, "2027-06-07"],
    ["Pacific/Kiritimati", "2027-06-06T10:00:00Z", 0, "2027-06-07"],
  ])("in %s at %s, %i days ahead: %s", (zone, now, days, expected) => {
    const day = lastBookableDay(buildOffsetTimeline(zone, from, to), Date.parse(now), days);
    expect(day === null ? null : formatLocalDate(day)).toBe(expected);
  });

  it("is null without a horizon", () => {
    expect(lastBookableDay(buildOffsetTimeline("UTC", from, to), from, null)).toBeNull();
  });
});
