import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import type { BookingMailData } from "../mail/mailTypes";

/** An outbox row of kind "calendar": put one meeting into (or take it out of) one host's calendar. */
export interface CalendarJob {
  /** The meeting's event id (its UID is `{eventId}@slotted`). */
  eventId: string;
  /** The host, by the address their mail went to. */
  hostEmail: string;
  language: string;
  /** What the host's mail said when the job was written; null: the entry goes (a replaced event). */
  data: BookingMailData | null;
}

/**
 * SQL true when the job `payload` (a jsonb CalendarJob) has something to do: its host has a
 * calendar bookings are written into, or an entry of this meeting written before, or the
 * meeting has a Zoom meeting to make (a ZOOM_CONNECTED location and a host with Zoom) or to
 * change. Hosts without calendars or Zoom get no outbox rows.
 */
export function calendarJobWantedSql(payload: SQL): SQL {
  return sql`exists (select 1 from users u
    where lower(u.email) = lower(${payload}->>'hostEmail')
      and (exists (select 1 from calendar_connections c
                   join connected_calendars cc on cc.connection_id = c.id
                   where c.user_id = u.id and cc.write_target)
           or exists (select 1 from calendar_writes w
                      where w.user_id = u.id and w.event_id = (${payload}->>'eventId')::uuid)
           or (${payload}->'data'->'location'->>'type' = 'ZOOM_CONNECTED'
               and exists (select 1 from calendar_connections z
                           where z.user_id = u.id and z.provider = 'ZOOM'))
           or exists (select 1 from zoom_meetings m
                      where m.event_id = (${payload}->>'eventId')::uuid
                        and m.deleted_at is null)))`;
}

/** Writes calendar jobs to the outbox in the caller's transaction, for hosts with a calendar. */
export async function enqueueCalendarJobs(
  db: Db | Tx,
  jobs: readonly CalendarJob[],
  now: Date,
): Promise<void> {
  if (jobs.length === 0) return;
  await db.execute(sql`
    insert into outbox (kind, payload, next_attempt_at, created_at)
    select 'calendar', payload, ${now}, ${now}
    from jsonb_array_elements(${JSON.stringify(jobs)}::jsonb) as payload
    where ${calendarJobWantedSql(sql`payload`)}`);
}
