import { describe, expect, it } from "vitest";
import { localIsoTime } from "./localIsoTime";

describe("localIsoTime", () => {
  it("reads an instant in the zone with its offset, across a DST change", () => {
    expect(localIsoTime("Europe/Berlin", Date.UTC(2026, 11, 1, 9, 0))).toBe(
      "2026-12-01T10:00:00+01:00",
    );
    expect(localIsoTime("Europe/Berlin", Date.UTC(2026, 6, 1, 9, 0))).toBe(
      "2026-07-01T11:00:00+02:00",
    );
    expect(localIsoTime("America/St_Johns", Date.UTC(2026, 11, 1, 12, 0, 30))).toBe(
      "2026-12-01T08:30:30-03:30",
    );
    expect(localIsoTime("UTC", Date.UTC(2026, 0, 1))).toBe("2026-01-01T00:00:00+00:00");
  });
});
