import { z } from "zod";
import { issueMessage } from "../issueMessage";

export { scheduleSchema, scheduleUpdateSchema } from "../schedules/scheduleSchema";

/** `{id}` of /api/schedules/{id}. */
export const scheduleParams = z.object({
  id: z.uuid({ error: issueMessage("schedules.notFound") }),
});

/** A wall-clock range of a day, "HH:mm" to "HH:mm" ("24:00" for midnight). */
export const timeRangeResponseSchema = z.object({ start: z.string(), end: z.string() });

const dayRanges = z.array(timeRangeResponseSchema).optional();

/** The weekly hours by weekday; a day left out has none. */
export const weeklyResponseSchema = z.object({
  MON: dayRanges,
  TUE: dayRanges,
  WED: dayRanges,
  THU: dayRanges,
  FRI: dayRanges,
  SAT: dayRanges,
  SUN: dayRanges,
});

export const scheduleResponseSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  timeZone: z.string(),
  weekly: weeklyResponseSchema,
  overrides: z.array(z.object({ date: z.string(), intervals: z.array(timeRangeResponseSchema) })),
  isDefault: z.boolean(),
});

export const scheduleListResponseSchema = z.object({
  schedules: z.array(scheduleResponseSchema),
});

export type TimeRangeResponse = z.infer<typeof timeRangeResponseSchema>;
export type ScheduleResponse = z.infer<typeof scheduleResponseSchema>;
export type ScheduleListResponse = z.infer<typeof scheduleListResponseSchema>;
