import { describe, expect, it } from "vitest";
import { nextRange, timeOptions, wallTimeLabel } from "./timeOptions";

describe("schedule time options", () => {
  it("list starts from 00:00 and ends up to 24:00", () => {
    const starts = timeOptions(15, false);
    expect(starts[0]).toBe("00:00");
    expect(starts.at(-1)).toBe("23:45");
    const ends = timeOptions(15, true);
    expect(ends[0]).toBe("00:15");
    expect(ends.at(-1)).toBe("24:00");
  });

  it("label times in 12 or 24 hours", () => {
    expect(wallTimeLabel("13:30", false, "en")).toBe("13:30");
    expect(wallTimeLabel("13:30", true, "en")).toMatch(/^1:30\sPM$/);
    expect(wallTimeLabel("24:00", false, "en")).toBe("24:00");
  });

  it("suggest the next range after the last one", () => {
    expect(nextRange(undefined)).toEqual({ start: "09:00", end: "17:00" });
    expect(nextRange({ end: "12:00" })).toEqual({ start: "13:00", end: "14:00" });
    expect(nextRange({ end: "23:30" })).toEqual({ start: "23:00", end: "24:00" });
  });
});
