import { describe, expect, it } from "vitest";
import { describeSeries } from "./seriesInvite";

const WEEK = 7 * 86_400_000;
const FIRST = Date.parse("2027-03-01T09:00:00Z");
const HALF_HOUR = 30 * 60_000;

/** An occurrence `week` weeks after FIRST, at `moved` when it was moved there. */
function occurrence(
  week: number,
  options: { moved?: number; status?: "CONFIRMED" | "CANCELLED"; sequence?: number } = {},
) {
  const rule = FIRST + week * WEEK;
  const start = options.moved ?? rule;
  return {
    startAt: new Date(start),
    endAt: new Date(start + HALF_HOUR),
    status: options.status ?? ("CONFIRMED" as const),
    sequence: options.sequence ?? 0,
    recurrenceStartAt: options.moved === undefined ? null : new Date(rule),
  };
}

describe("describeSeries", () => {
  it("keeps the rule where it was when the first occurrence moves past the second, and lists the move", () => {
    const later = FIRST + WEEK + 86_400_000;
    const series = describeSeries(
      "7f000000-0000-4000-8000-000000000000",
      [occurrence(0, { moved: later, sequence: 1 }), occurrence(1), occurrence(2)],
      "Europe/Berlin",
    );
    expect(series.first).toEqual({
      start: "2027-03-01T09:00:00.000Z",
      end: "2027-03-01T09:30:00.000Z",
    });
    expect(series.everyWeeks).toBe(1);
    expect(series.count).toBe(3);
    expect(series.sequence).toBe(1);
    expect(series.exdates).toEqual([]);
    expect(series.moved).toEqual([
      {
        recurrenceId: "2027-03-01T09:00:00.000Z",
        start: new Date(later).toISOString(),
        end: new Date(later + HALF_HOUR).toISOString(),
      },
    ]);
    // The remaining meetings by their time now.
    expect(series.remaining.map((o) => o.start)).toEqual([
      "2027-03-08T09:00:00.000Z",
      new Date(later).toISOString(),
      "2027-03-15T09:00:00.000Z",
    ]);
  });

  it("excludes a moved occurrence that is then cancelled at its rule's date, and counts both changes", () => {
    const series = describeSeries(
      "7f000000-0000-4000-8000-000000000000",
      [
        occurrence(0),
        occurrence(1, { moved: FIRST + WEEK + 3600_000, status: "CANCELLED", sequence: 2 }),
        occurrence(2, { moved: FIRST + 2 * WEEK - 3600_000, sequence: 1 }),
      ],
      "Europe/Berlin",
    );
    expect(series.exdates).toEqual(["2027-03-08T09:00:00.000Z"]);
    expect(series.moved?.map((o) => o.recurrenceId)).toEqual(["2027-03-15T09:00:00.000Z"]);
    expect(series.sequence).toBe(3);
    expect(series.lastStart).toBe("2027-03-15T09:00:00.000Z");
  });
});
