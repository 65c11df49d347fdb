import { describe, expect, it } from "vitest";
import { runtimeKnowsZone } from "./testing/runtimeKnowsZone";
import { timeZoneAliases } from "./timeZoneAliases";

describe("timeZoneAliases", () => {
  const entries = Object.entries(timeZoneAliases);

  it.each([
    ["Asia/Calcutta", "Asia/Kolkata"],
    ["Asia/Saigon", "Asia/Ho_Chi_Minh"],
    ["Europe/Kiev", "Europe/Kyiv"],
    ["Europe/Uzhgorod", "Europe/Kyiv"],
    ["Europe/Zaporozhye", "Europe/Kyiv"],
    ["America/Buenos_Aires", "America/Argentina/Buenos_Aires"],
    ["US/Eastern", "America/New_York"],
    ["US/Pacific", "America/Los_Angeles"],
    ["US/Central", "America/Chicago"],
    ["US/Mountain", "America/Denver"],
    ["GMT", "UTC"],
    ["Etc/UTC", "UTC"],
    ["Asia/Katmandu", "Asia/Kathmandu"],
    ["Asia/Rangoon", "Asia/Yangon"],
    ["Pacific/Truk", "Pacific/Chuuk"],
    ["Atlantic/Faeroe", "Atlantic/Faroe"],
    ["America/Godthab", "America/Nuuk"],
  ])("maps %s to %s", (legacy, current) => {
    expect(timeZoneAliases[legacy]).toBe(current);
  });

  it("holds the well-known backward links", () => {
    expect(entries.length).toBeGreaterThanOrEqual(60);
  });

  it("maps only to zones the runtime knows", () => {
    expect(entries.filter(([, current]) => !runtimeKnowsZone(current))).toEqual([]);
  });

  it("maps in one step: no target is itself an alias", () => {
    expect(entries.filter(([, current]) => current in timeZoneAliases)).toEqual([]);
  });
});
