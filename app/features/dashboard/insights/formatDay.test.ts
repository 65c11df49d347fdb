import { describe, expect, it } from "vitest";
import { formatDay } from "./formatDay";

describe("formatDay", () => {
  it("writes the day itself, whatever the viewer's zone", () => {
    expect(formatDay("2026-03-10", "en-US")).toBe("Mar 10");
    expect(formatDay("2026-12-31", "de-DE")).toBe("31. Dez.");
  });
});
