import { type SQL, sql } from "drizzle-orm";
import type { Schedule } from "../../core/availability/types";
import type { Db, Tx } from "../db/database";
import { type ScheduleJson, scheduleFromJson, scheduleJsonSql } from "./loadHostSchedules";

/** A host of an event type as availability and booking need them; never shown to invitees. */
export interface PublicHost {
  id: string;
  username: string;
  email: string;
  /** The user's own zone. */
  timeZone: string;
  /** ROUND_ROBIN and FLEXI ANY groups: higher goes first. */
  priority: number;
  /** The event type's schedule when it is this host's, else their default (an empty week without any). */
  schedule: Schedule;
}

type HostJson = [string, string, string, string, number, ScheduleJson | null];

/**
 * SQL for the hosts of the event type `eventTypeId` (with its `scheduleId`), highest priority
 * first, as one JSON text (null without hosts): PGlite pays per row and field returned, and the
 * drivers differ in which JSON types they parse themselves. Read it with hostsFromJson.
 */
export function hostsJsonSql(eventTypeId: SQL, scheduleId: SQL): SQL {
  return sql`(
    select json_agg(json_build_array(u.id, u.username, u.email, u.time_zone, h.priority,
      ${scheduleJsonSql(sql`u.id`, scheduleId)}) order by h.priority desc, h.user_id)::text
    from event_type_hosts h join users u on u.id = h.user_id
    where h.event_type_id = ${eventTypeId})`;
}

/** The hosts of hostsJsonSql's text. */
export function hostsFromJson(json: string | null): PublicHost[] {
  const rows = json === null ? [] : (JSON.parse(json) as HostJson[]);
  return rows.map(([id, username, email, timeZone, priority, schedule]) => ({
    id,
    username,
    email,
    timeZone,
    priority,
    schedule: scheduleFromJson(schedule, timeZone),
  }));
}

/** The hosts of an event type with their schedules, highest priority first (ties by id), in one query. */
export async function loadEventTypeHosts(
  db: Db | Tx,
  eventTypeId: string,
  scheduleId: string | null,
): Promise<PublicHost[]> {
  const result = await db.execute<{ hosts: string | null }>(
    sql`select ${hostsJsonSql(sql`${eventTypeId}::uuid`, sql`${scheduleId}::uuid`)} as hosts`,
  );
  return hostsFromJson(result.rows[0]?.hosts ?? null);
}
