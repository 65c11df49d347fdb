import { z } from "zod";
import type { ScheduleRow } from "../../data/schedules";

const range = z.object({ start: z.string(), end: z.string() });

export const scheduleResponseSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  timeZone: z.string(),
  weekly: z.record(z.string(), z.array(range)),
  overrides: z.array(z.object({ date: z.string(), intervals: z.array(range) })),
  isDefault: z.boolean(),
});

export function presentSchedule(row: ScheduleRow) {
  return {
    id: row.id,
    name: row.name,
    timeZone: row.timeZone,
    weekly: row.weekly,
    overrides: row.overrides,
    isDefault: row.isDefault,
  };
}
