import { describe, expect, it } from "vitest";
import { vtimezone } from "./vtimezone";

describe("vtimezone", () => {
  it("lists the offset at the start and each transition in local time before it", () => {
    const text = vtimezone(
      "Europe/Berlin",
      Date.parse("2026-10-20T08:00:00Z"),
      Date.parse("2027-04-06T08:00:00Z"),
    )!;
    const lines = text.split("\r\n");
    expect(lines.slice(0, 7)).toEqual([
      "BEGIN:VTIMEZONE",
      "TZID:Europe/Berlin",
      "BEGIN:STANDARD",
      "DTSTART:20261019T100000",
      "TZOFFSETFROM:+0200",
      "TZOFFSETTO:+0200",
      "END:STANDARD",
    ]);
    expect(text).toContain(
      "BEGIN:STANDARD\r\nDTSTART:20261025T030000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100",
    );
    expect(text).toContain(
      "BEGIN:DAYLIGHT\r\nDTSTART:20270328T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200",
    );
    expect(lines.at(-1)).toBe("END:VTIMEZONE");
  });

  it("writes negative offsets and nothing more for a span without changes", () => {
    const text = vtimezone("America/Bogota", 0, 30 * 86_400_000)!;
    expect(text).toContain("TZOFFSETTO:-0500");
    expect(text).not.toContain("DAYLIGHT");
  });

  it("is null for an unknown zone", () => {
    expect(vtimezone("Mars/Olympus", 0, 1)).toBeNull();
  });
});
