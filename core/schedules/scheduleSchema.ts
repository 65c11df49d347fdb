import { z } from "zod";
import { issueMessage } from "../issueMessage";
import { tryParseWallTime } from "../time/wallTime";
import { isSupportedDate } from "../validation/supportedDates";
import { timeZoneField } from "../validation/timeZoneField";

const timeRangeSchema = z
  .object({
    start: z.string().refine((t) => t !== "24:00" && tryParseWallTime(t) !== null, {
      error: issueMessage("time.useStartTime"),
    }),
    end: z.string().refine((t) => tryParseWallTime(t) !== null, {
      error: issueMessage("time.useEndTime"),
    }),
  })
  .refine((r) => (tryParseWallTime(r.end) ?? 0) > (tryParseWallTime(r.start) ?? 0), {
    error: issueMessage("schedules.endAfterStart"),
    path: ["end"],
  });

/** A day's ranges, sorted, refused when two overlap. */
const dayRangesSchema = z
  .array(timeRangeSchema)
  .max(24)
  .transform((ranges) =>
    [...ranges].sort((a, b) => (tryParseWallTime(a.start) ?? 0) - (tryParseWallTime(b.start) ?? 0)),
  )
  .refine(
    (ranges) =>
      ranges.every(
        (range, i) =>
          i === 0 ||
          (tryParseWallTime(range.start) ?? 0) >= (tryParseWallTime(ranges[i - 1]!.end) ?? 0),
      ),
    { error: issueMessage("schedules.rangesOverlap") },
  );

const weeklySchema = z
  .object({
    MON: dayRangesSchema,
    TUE: dayRangesSchema,
    WED: dayRangesSchema,
    THU: dayRangesSchema,
    FRI: dayRangesSchema,
    SAT: dayRangesSchema,
    SUN: dayRangesSchema,
  })
  .partial()
  .strict();

const overridesSchema = z
  .array(
    z.object({
      date: z.string().refine(isSupportedDate, { error: issueMessage("time.useDate") }),
      intervals: dayRangesSchema,
    }),
  )
  .max(1000)
  .refine((list) => new Set(list.map((o) => o.date)).size === list.length, {
    error: issueMessage("schedules.oneOverridePerDate"),
  })
  .transform((list) => [...list].sort((a, b) => a.date.localeCompare(b.date)));

export const scheduleSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: issueMessage("general.required") })
    .max(100),
  timeZone: timeZoneField,
  weekly: weeklySchema,
  overrides: overridesSchema.default([]),
  isDefault: z.boolean().optional(),
});
export type ScheduleInput = z.infer<typeof scheduleSchema>;

export const scheduleUpdateSchema = scheduleSchema.partial();
export type ScheduleUpdate = z.infer<typeof scheduleUpdateSchema>;

/** Monday to Friday, 09:00 to 17:00: what a new host starts with. */
export const WORKING_HOURS: ScheduleInput["weekly"] = {
  MON: [{ start: "09:00", end: "17:00" }],
  TUE: [{ start: "09:00", end: "17:00" }],
  WED: [{ start: "09:00", end: "17:00" }],
  THU: [{ start: "09:00", end: "17:00" }],
  FRI: [{ start: "09:00", end: "17:00" }],
};
