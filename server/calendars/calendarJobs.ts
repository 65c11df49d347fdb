import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import type { BookingMailData, MailPayload } from "../mail/mailTypes";

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

const TEMPLATES = new Set(["bookingConfirmed", "bookingRescheduled", "bookingCancelled"]);
const UID = /^([0-9a-f-]{36})@slotted$/i;

/**
 * The calendar jobs that go with `mails`: each host mail of a confirmed, moved or cancelled
 * meeting also updates that host's write calendar (the writer reads the event's status at
 * sending, so a job of any kind leaves the calendar as the booking is), and a move into another
 * event takes the old entry out. Derived from the mails so every booking change that tells its
 * hosts also reaches their calendars, in the same transaction.
 */
export function calendarJobsFor(mails: readonly MailPayload[]): CalendarJob[] {
  const jobs: CalendarJob[] = [];
  for (const mail of mails) {
    if (!TEMPLATES.has(mail.template) || !("data" in mail)) continue;
    const data = mail.data as BookingMailData;
    if (data.role !== "host") continue;
    const eventId = UID.exec(data.uid)?.[1];
    if (eventId === undefined) continue;
    jobs.push({ eventId, hostEmail: mail.to.email, language: mail.language, data });
    const replaced = data.replacesUid ? UID.exec(data.replacesUid)?.[1] : undefined;
    if (replaced !== undefined && replaced !== eventId) {
      jobs.push({
        eventId: replaced,
        hostEmail: mail.to.email,
        language: mail.language,
        data: null,
      });
    }
  }
  return jobs;
}

/**
 * SQL true when the job `payload` (a jsonb CalendarJob) has something to do: its host has a
 * calendar bookings are written into, or an entry of this meeting written before. Hosts without
 * calendars get no outbox rows.
 */
export function calendarJobWantedSql(payload: SQL): SQL {
  return sql`exists (select 1 from users u
    where lower(u.email) = lower(${payload}->>'hostEmail')
      and (exists (select 1 from calendar_connections c
                   join connected_calendars cc on cc.connection_id = c.id
                   where c.user_id = u.id and cc.write_target)
           or exists (select 1 from calendar_writes w
                      where w.user_id = u.id and w.event_id = (${payload}->>'eventId')::uuid)))`;
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
