import { describe, expect, it } from "vitest";
import { isValidTimeZone } from "./isValidTimeZone";

describe("isValidTimeZone", () => {
  it.each([
    "UTC",
    "Etc/UTC",
    "GMT",
    "Europe/Berlin",
    "europe/berlin",
    "Europe/Kyiv",
    "Europe/Kiev",
    "Asia/Kolkata",
    "Asia/Calcutta",
    "America/Argentina/Buenos_Aires",
    "US/Eastern",
    "Pacific/Kiritimati",
    "Australia/Lord_Howe",
    "Etc/GMT+5",
  ])("accepts %s", (zone) => {
    expect(isValidTimeZone(zone)).toBe(true);
  });

  it.each(["", "Mars/Olympus", "Europe/Berlin ", "Europe", "+25:00", "local"])(
    "rejects %j",
    (zone) => {
      expect(isValidTimeZone(zone)).toBe(false);
    },
  );
});
