import { type SQL, sql } from "drizzle-orm";
import { calendarJobsFor, calendarJobWantedSql } from "../calendars/calendarJobs";
import type { AttendeeRow, EventRow } from "../data/bookings";
import { runPrepared } from "../data/runPrepared";
import type { Db } from "../db/database";
import type { MailPayload } from "../mail/mailTypes";
import type { ScheduledMail } from "../mail/reminderMails";
import { type WebhookEvent, webhookEventCtes } from "../webhooks/enqueueWebhookEvent";
import { calendarBusySql } from "./calendarBusyCheck";
import { hostLockSql, slotClaimSql } from "./hostLock";

/** A PostgreSQL array literal of uuids. */
const uuidArray = (ids: readonly string[]) => `{${ids.join(",")}}`;

/**
 * Writes a whole booking in ONE statement (data-modifying CTEs, so it is atomic without
 * BEGIN/COMMIT): the event, its hosts' busy time and event_hosts rows, the attendee and the
 * outbox mails and webhook deliveries; three round trips fewer than a transaction, which is most of a booking's cost.
 * Returns false, writing nothing, when another request is booking one of the hosts at this very
 * start (slotClaimSql) or a host's calendar is busy then (calendar_busy). The exclusion constraint still decides every race: a conflicting
 * host_busy row fails the whole statement with 23P01. Each host's lock (hostLockSql) is taken,
 * in id order, just before their row goes in. Foreign keys are checked at the statement's end,
 * so the rows may reference each other.
 */
export async function insertBookingAtOnce(db: Db, booking: AtOnceBooking): Promise<boolean> {
  const rows = await runPrepared<{ written: number }>(
    db,
    "slotted_insert_booking",
    bookingStatement(booking),
  );
  return Number(rows[0]?.written ?? 0) > 0;
}

/** Everything one booking writes at once. */
export interface AtOnceBooking {
  event: EventRow;
  hostIds: readonly string[];
  during: string;
  attendee: AttendeeRow;
  mails: readonly MailPayload[];
  /** booking.created for the subscriptions that asked for it; null: none. */
  webhook?: WebhookEvent | null;
  /** Reminders and follow-up, each due at its time and linked to the event and attendee. */
  scheduled: readonly ScheduledMail[];
}

/**
 * The statement of insertBookingAtOnce. Its column lists are written out by hand (drizzle
 * builds no data-modifying CTEs); insertBookingAtOnce.test.ts holds them to the schema.
 */
export function bookingStatement(booking: AtOnceBooking): SQL {
  const { event, attendee } = booking;
  const hosts = uuidArray([...booking.hostIds].sort());
  return sql`
    with new_event as (
      insert into events (id, event_type_id, status, start_at, end_at, title, location, created_at)
      select ${event.id}, ${event.eventTypeId}, ${event.status}, ${event.startAt}, ${event.endAt},
        ${event.title}, ${event.location === null ? null : JSON.stringify(event.location)}::jsonb,
        ${event.createdAt}
      where (select bool_and(${slotClaimSql(sql`host`, event.startAt)})
             from unnest(${hosts}::uuid[]) as host)
        and not ${calendarBusySql(sql`${hosts}::uuid[]`, booking.during)}
      returning id
    ), busy as (
      insert into host_busy (host_id, event_id, during)
      select host, new_event.id, ${booking.during}::tstzrange
      from new_event, unnest(${hosts}::uuid[]) as host
      cross join lateral (select ${hostLockSql(sql`host`)}) as locked
    ), hosts as (
      insert into event_hosts (event_id, user_id)
      select new_event.id, host from new_event, unnest(${hosts}::uuid[]) as host
    ), attendee as (
      insert into attendees (id, event_id, status, name, first_name, last_name, salutation, email,
        phone, guests, answers, language, time_zone, cancel_token, created_at)
      select ${attendee.id}, new_event.id, ${attendee.status}, ${attendee.name},
        ${attendee.firstName}, ${attendee.lastName}, ${attendee.salutation}, ${attendee.email},
        ${attendee.phone}, ${JSON.stringify(attendee.guests)}::jsonb,
        ${JSON.stringify(attendee.answers)}::jsonb, ${attendee.language}, ${attendee.timeZone},
        ${attendee.cancelToken}, ${attendee.createdAt}
      from new_event
    ), mails as (
      insert into outbox (kind, payload, next_attempt_at, created_at)
      select 'mail', payload, ${event.createdAt}, ${event.createdAt}
      from new_event, jsonb_array_elements(${JSON.stringify(booking.mails)}::jsonb) as payload
    ), scheduled as (
      insert into outbox (kind, payload, next_attempt_at, created_at, event_id, attendee_id,
        purpose)
      select 'mail', mail->'payload', (mail->>'dueAt')::timestamptz, ${event.createdAt},
        new_event.id, ${attendee.id}, mail->>'purpose'
      from new_event, jsonb_array_elements(${JSON.stringify(booking.scheduled)}::jsonb) as mail
    ), calendar_jobs as (
      insert into outbox (kind, payload, next_attempt_at, created_at)
      select 'calendar', payload, ${event.createdAt}, ${event.createdAt}
      from new_event,
        jsonb_array_elements(${JSON.stringify(calendarJobsFor(booking.mails))}::jsonb) as payload
      where ${calendarJobWantedSql(sql`payload`)}
    ), ${webhookEventCtes(booking.webhook ?? null, event.createdAt, sql`new_event`)}
    select count(*)::int as written from new_event`;
}
