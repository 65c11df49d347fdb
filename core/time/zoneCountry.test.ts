import { describe, expect, it } from "vitest";
import { runtimeKnowsZone } from "./testing/runtimeKnowsZone";
import { countryForTimeZone, zoneCountry } from "./zoneCountry";

describe("countryForTimeZone", () => {
  it.each([
    ["Europe/Berlin", "DE"],
    ["Europe/Vienna", "AT"],
    ["Europe/Zurich", "CH"],
    ["America/New_York", "US"],
    ["America/Los_Angeles", "US"],
    ["America/Toronto", "CA"],
    ["Asia/Kolkata", "IN"],
    ["Asia/Calcutta", "IN"],
    ["Europe/Kyiv", "UA"],
    ["Europe/Kiev", "UA"],
    ["US/Eastern", "US"],
    ["Australia/Lord_Howe", "AU"],
    ["Asia/Tehran", "IR"],
    ["Pacific/Kiritimati", "KI"],
    ["Pacific/Pago_Pago", "AS"],
    ["Europe/Busingen", "DE"],
    ["Europe/Vatican", "VA"],
    ["Arctic/Longyearbyen", "SJ"],
    ["europe/paris", "FR"],
  ])("%s is in %s", (zone, country) => {
    expect(countryForTimeZone(zone)).toBe(country);
  });

  it.each(["UTC", "Etc/GMT+5", "Mars/Olympus", ""])("falls back to DE for %j", (zone) => {
    expect(countryForTimeZone(zone)).toBe("DE");
  });

  it("covers every country with zones the runtime knows", () => {
    const countries = new Set(Object.values(zoneCountry));
    expect(countries.size).toBeGreaterThanOrEqual(240);
    expect(Object.keys(zoneCountry).filter((zone) => !runtimeKnowsZone(zone))).toEqual([]);
    expect(Object.values(zoneCountry).every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
  });
});
