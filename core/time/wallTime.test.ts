import { describe, expect, it } from "vitest";
import { DomainError } from "../errors";
import { formatWallTime, parseWallTime, tryParseWallTime } from "./wallTime";

describe("parseWallTime", () => {
  it.each([
    ["00:00", 0],
    ["09:30", 570],
    ["23:59", 1439],
    ["24:00", 1440],
  ])("%s is minute %i", (time, minutes) => {
    expect(parseWallTime(time)).toBe(minutes);
    expect(formatWallTime(minutes)).toBe(time);
  });

  it.each(["24:01", "24:30", "25:00", "9:00", "09:60", "09:00:00", "", "0900", "ab:cd"])(
    "rejects %j",
    (time) => {
      expect(tryParseWallTime(time)).toBeNull();
      expect(() => parseWallTime(time, "weekly.MON.0.start")).toThrow(DomainError);
    },
  );
});

describe("formatWallTime", () => {
  it("drops fractions of a minute", () => {
    expect(formatWallTime(61.9)).toBe("01:01");
  });
});
