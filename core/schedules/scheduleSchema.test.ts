import { describe, expect, it } from "vitest";
import { issueMessage } from "../issueMessage";
import { scheduleSchema } from "./scheduleSchema";

const schedule = (date: string) => ({
  name: "Work",
  timeZone: "Europe/Berlin",
  weekly: {},
  overrides: [{ date, intervals: [] }],
});

describe("scheduleSchema overrides", () => {
  it("takes a day off on an existing date from 1970 to 9999", () => {
    expect(scheduleSchema.safeParse(schedule("2026-12-24")).success).toBe(true);
  });

  it("refuses year 0, dates before 1970 and nonexistent dates", () => {
    for (const date of ["0000-01-01", "2027-02-29", "1969-12-31"]) {
      const issues = scheduleSchema.safeParse(schedule(date)).error?.issues ?? [];
      expect(
        issues.map((i) => [i.path.join("."), i.message]),
        date,
      ).toEqual([["overrides.0.date", issueMessage("time.useDate")]]);
    }
  });
});
