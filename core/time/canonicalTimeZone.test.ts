import { describe, expect, it } from "vitest";
import { DomainError } from "../errors";
import { canonicalTimeZone } from "./canonicalTimeZone";
import { timeZoneAliases } from "./timeZoneAliases";
import { zoneCountry } from "./zoneCountry";

describe("canonicalTimeZone", () => {
  it.each([
    ["Europe/Berlin", "Europe/Berlin"],
    ["europe/berlin", "Europe/Berlin"],
    ["Asia/Calcutta", "Asia/Kolkata"],
    ["asia/calcutta", "Asia/Kolkata"],
    ["Asia/Kolkata", "Asia/Kolkata"],
    ["Europe/Kyiv", "Europe/Kyiv"],
    ["Europe/Kiev", "Europe/Kyiv"],
    ["America/Nuuk", "America/Nuuk"],
    ["US/Eastern", "America/New_York"],
    ["UTC", "UTC"],
    ["utc", "UTC"],
    ["Etc/UTC", "UTC"],
    ["GMT", "UTC"],
    ["Etc/GMT+5", "Etc/GMT+5"],
    ["Pacific/Kanton", "Pacific/Kanton"],
    ["Pacific/Enderbury", "Pacific/Kanton"],
  ])("%s is %s", (zone, canonical) => {
    expect(canonicalTimeZone(zone)).toBe(canonical);
  });

  it("keeps every current zone of every country as it is", () => {
    const renamed = Object.keys(zoneCountry).filter((zone) => canonicalTimeZone(zone) !== zone);
    expect(renamed).toEqual([]);
  });

  it("renames every alias the runtime knows to its current name", () => {
    for (const [legacy, current] of Object.entries(timeZoneAliases)) {
      expect(canonicalTimeZone(legacy)).toBe(current);
      expect(canonicalTimeZone(current)).toBe(current);
    }
  });

  it.each(["", "Mars/Olympus", "Europe/Berlin ", "+01:00"])("rejects %j", (zone) => {
    expect(() => canonicalTimeZone(zone)).toThrow(DomainError);
    try {
      canonicalTimeZone(zone);
    } catch (error) {
      expect(error).toMatchObject({
        code: "VALIDATION",
        detail: { key: "time.unknownNamedTimeZone", params: { zone } },
        fields: { timeZone: [{ key: "time.unknownTimeZone", params: {} }] },
      });
    }
  });
});
