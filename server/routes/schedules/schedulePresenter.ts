import type { ScheduleResponse } from "../../../core/api/schedules";
import type { ScheduleRow } from "../../data/schedules";

export function presentSchedule(row: ScheduleRow): ScheduleResponse {
  return {
    id: row.id,
    name: row.name,
    timeZone: row.timeZone,
    weekly: row.weekly,
    overrides: row.overrides,
    isDefault: row.isDefault,
  };
}
