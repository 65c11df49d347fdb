import { type SQL, sql } from "drizzle-orm";
import type { AttendeeRow, EventRow } from "../data/bookings";
import { runPrepared } from "../data/runPrepared";
import type { Db } from "../db/database";
import { calendarBusySql } from "./calendarBusyCheck";
import { hostLockSql, slotClaimSql } from "./hostLock";

/** A PostgreSQL array literal of uuids. */
const uuidArray = (ids: readonly string[]) => `{${ids.join(",")}}`;

/**
 * Writes a whole booking in ONE statement (data-modifying CTEs, so it is atomic without
 * BEGIN/COMMIT): the event, its hosts' busy time and event_hosts rows, the attendee and the
 * booking's change row (its mails, reminders and webhooks are derived from it); three round trips fewer than a transaction, which is most of a booking's cost.
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
  /** The created change's data (bookSlot's createdChange). */
  change: Record<string, unknown>;
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
        phone, guests, answers, language, time_zone, cancel_token, sms_consent, created_at)
      select ${attendee.id}, new_event.id, ${attendee.status}, ${attendee.name},
        ${attendee.firstName}, ${attendee.lastName}, ${attendee.salutation}, ${attendee.email},
        ${attendee.phone}, ${JSON.stringify(attendee.guests)}::jsonb,
        ${JSON.stringify(attendee.answers)}::jsonb, ${attendee.language}, ${attendee.timeZone},
        ${attendee.cancelToken}, ${attendee.smsConsent}, ${attendee.createdAt}
      from new_event
    ), change as (
      insert into booking_changes (kind, event_id, attendee_id, actor, data, created_at)
      select 'created', new_event.id, ${attendee.id}, 'invitee',
        ${JSON.stringify(booking.change)}::jsonb, ${event.createdAt}
      from new_event
    )
    select count(*)::int as written from new_event`;
}
