import { inArray, type SQL, sql } from "drizzle-orm";
import type { Schedule } from "../../core/availability/types";
import type { Db, Tx } from "../db/database";
import { users } from "../db/schema";

/** A schedule as scheduleJsonSql builds it: `[timeZone, weekly, overrides]`. */
export type ScheduleJson = [string, Schedule["weekly"], Schedule["overrides"]];

/**
 * SQL for the schedule a host uses for an event type, as JSON `[timeZone, weekly, overrides]` or
 * null: the event type's schedule when it belongs to that host, else the host's default.
 */
export function scheduleJsonSql(userId: SQL, eventTypeScheduleId: SQL): SQL {
  const json = sql`json_build_array(s.time_zone, s.weekly, s.overrides)`;
  return sql`coalesce(
    (select ${json} from schedules s where s.id = ${eventTypeScheduleId} and s.user_id = ${userId}),
    (select ${json} from schedules s where s.user_id = ${userId} and s.is_default))`;
}

/** The schedule of scheduleJsonSql's value; without one, an empty week (never available) in `hostZone`. */
export function scheduleFromJson(json: ScheduleJson | null, hostZone: string): Schedule {
  if (json === null) return { timeZone: hostZone, weekly: {}, overrides: [] };
  const [timeZone, weekly, overrides] = json;
  return { timeZone, weekly, overrides };
}

/**
 * Each user's schedule for an event type in one query: the event type's schedule when it belongs
 * to that user, else their default; an empty week in their zone when they have none.
 */
export async function loadHostSchedules(
  db: Db | Tx,
  userIds: readonly string[],
  eventTypeScheduleId: string | null,
): Promise<Map<string, Schedule>> {
  const result = new Map<string, Schedule>();
  if (userIds.length === 0) return result;
  const scheduleId = sql`${eventTypeScheduleId}::uuid`;
  const rows = await db
    .select({
      id: users.id,
      timeZone: users.timeZone,
      // As text, parsed here: the drivers differ in which JSON types they parse themselves.
      schedule: sql<string | null>`${scheduleJsonSql(sql`${users.id}`, scheduleId)}::text`,
    })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  for (const row of rows) {
    const json = row.schedule === null ? null : (JSON.parse(row.schedule) as ScheduleJson);
    result.set(row.id, scheduleFromJson(json, row.timeZone));
  }
  return result;
}
