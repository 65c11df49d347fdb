import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DomainError } from "../errors";
import { buildOffsetTimeline, offsetAt } from "./offsetTimeline";
import { zoneOffsets } from "./zoneOffsets";

const at = (iso: string) => Date.parse(iso);
const minutes = (ms: number) => ms / 60_000;

describe("zoneOffsets", () => {
  it.each([
    ["Europe/Berlin", "2027-03-28T00:59:59.999Z", 60],
    ["Europe/Berlin", "2027-03-28T01:00:00Z", 120],
    ["Europe/Berlin", "2027-10-31T00:59:59Z", 120],
    ["Europe/Berlin", "2027-10-31T01:00:00Z", 60],
    ["America/New_York", "2027-03-14T06:59:59Z", -300],
    ["America/New_York", "2027-03-14T07:00:00Z", -240],
    ["America/New_York", "2026-11-01T05:59:59Z", -240],
    ["America/New_York", "2026-11-01T06:00:00Z", -300],
    ["Australia/Lord_Howe", "2027-10-02T15:30:00Z", 660],
    ["Asia/Kolkata", "2027-06-01T00:00:00Z", 330],
    ["Pacific/Kiritimati", "2027-06-01T00:00:00Z", 840],
    ["UTC", "2027-06-01T00:00:00Z", 0],
  ])("%s at %s: %i minutes", (zone, iso, offset) => {
    expect(minutes(zoneOffsets(zone)(at(iso)))).toBe(offset);
  });

  it("agrees with the server's offset timeline at any instant of any zone", () => {
    const zones = [
      "Europe/Berlin",
      "America/New_York",
      "America/Santiago",
      "Australia/Lord_Howe",
      "Asia/Tehran",
      "Africa/Casablanca",
      "Pacific/Chatham",
      "America/St_Johns",
    ];
    const from = at("2026-01-01T00:00:00Z");
    const to = at("2031-01-01T00:00:00Z");
    const timelines = new Map(zones.map((zone) => [zone, buildOffsetTimeline(zone, from, to)]));
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: from, max: to }),
        (zone, instant) => {
          expect(zoneOffsets(zone)(instant)).toBe(offsetAt(timelines.get(zone)!, instant));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("reads the same offsets whatever the process's own zone is", () => {
    const original = process.env.TZ;
    try {
      for (const zone of ["UTC", "Pacific/Auckland", "America/Los_Angeles"]) {
        process.env.TZ = zone;
        expect(minutes(zoneOffsets("Europe/Berlin")(at("2027-03-28T01:30:00Z")))).toBe(120);
      }
    } finally {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    }
  });

  it("throws VALIDATION for an unknown zone", () => {
    expect(() => zoneOffsets("Mars/Olympus")).toThrow(DomainError);
  });
});
