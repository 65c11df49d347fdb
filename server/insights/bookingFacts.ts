import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { rebuildBookingHours, resumHours, utcHour } from "./bookingHours";

/**
 * The booking_facts rows of the meetings `which` selects (a condition on an event id column), as
 * they are now: a row for the meeting and one per host. What the insights count over them is
 * what they counted over the raw rows: unpaid holds are left out, and so are the frozen former
 * times a move leaves behind (cancelled rows no change cancelled); a cancelled meeting ended as
 * its last cancelled, declined or expired change says (a seat's cancel does not end it); the
 * no-shows are its attendees with `no_show_at`; the revenue is its payments paid less refunded;
 * a host's row has the weekday and hour of the start in the host's zone (the heatmap's cell).
 * Each part is read for all the meetings at once and joined (hash joins for a rebuild, index
 * probes for a few meetings), not per meeting. One statement for the processor and the rebuild
 * (and, frozen, the migration's backfill).
 */
function factRows(which: (column: SQL) => SQL): SQL {
  return sql`
    select e.id, h.user_id, t.team_id, e.event_type_id, e.status,
      e.start_at, e.end_at, extract(epoch from (e.start_at - e.created_at)) / 3600,
      ended.kind, ended.actor, e.former_event_id is not null, coalesce(ns.count, 0), paid.revenue,
      extract(isodow from e.start_at at time zone u.time_zone),
      extract(hour from e.start_at at time zone u.time_zone)
    from events e
    join event_types t on t.id = e.event_type_id
    join (
      select id as event_id, null::uuid as user_id from events where ${which(sql`id`)}
      union all
      select event_id, user_id from event_hosts where ${which(sql`event_id`)}
    ) h on h.event_id = e.id
    left join users u on u.id = h.user_id
    left join (
      select distinct on (event_id) event_id, kind, actor from booking_changes
      where kind in ('cancelled', 'declined', 'expired') and ${which(sql`event_id`)}
      order by event_id, id desc
    ) ended on ended.event_id = e.id and e.status = 'CANCELLED'
    left join (
      select event_id, count(*)::int as count from attendees
      where no_show_at is not null and ${which(sql`event_id`)} group by event_id
    ) ns on ns.event_id = e.id
    left join (
      select event_id, jsonb_object_agg(currency, amount) as revenue from (
        select event_id, currency, sum(amount - refunded_amount)::int as amount from payments
        where status in ('PAID', 'REFUNDED') and ${which(sql`event_id`)}
        group by event_id, currency
      ) per_currency group by event_id
    ) paid on paid.event_id = e.id
    where ${which(sql`e.id`)} and e.status <> 'PENDING_PAYMENT'
      and (e.status <> 'CANCELLED' or ended.kind is not null)`;
}

const COLUMNS = sql`(event_id, user_id, team_id, event_type_id, status, start_at,
  end_at, lead_hours, end_kind, end_actor, rescheduled, no_shows, revenue, local_weekday, local_hour)`;

/** The facts' columns the hourly rollup sums (a meeting's own rows: user_id null). */
const SUMMED = sql`f.team_id, f.event_type_id, f.start_at, f.end_at, f.status, f.lead_hours,
  f.end_kind, f.end_actor, f.rescheduled, f.no_shows, f.revenue, f.user_id`;

/**
 * Writes the facts of these meetings afresh from their rows (a gone meeting's go with it), and
 * the hourly rollup's hours they were and are in (bookingHours.ts), in one statement: each
 * statement costs PGlite about as much again in parsing and protocol as its execution, and the
 * processor runs this for every batch of changes. Its parts all read the database as it was
 * before the statement, so the hours are summed from the facts of other meetings there and the
 * rows just inserted (`added`), and the hours left are those the deleted rows (`gone`) were in.
 */
export async function refreshBookingFacts(tx: Tx, eventIds: readonly string[]): Promise<void> {
  if (eventIds.length === 0) return;
  const ids = sql`${`{${eventIds.join(",")}}`}::uuid[]`;
  await tx.execute(sql`with
    gone as (
      delete from booking_facts where event_id = any(${ids})
      returning event_type_id, start_at, user_id
    ),
    added as (
      insert into booking_facts ${COLUMNS} ${factRows((column) => sql`${column} = any(${ids})`)}
      returning *
    ),
    keys as (
      select distinct event_type_id, ${utcHour(sql`start_at`)} as hour from (
        select event_type_id, start_at from gone where user_id is null
        union all select event_type_id, start_at from added where user_id is null
      ) m
    ),
    summed as (
      -- Each fact is in one of the (distinct) hours at most: a join, probing the facts' index
      -- on (event_type_id, start_at) once per hour.
      select ${SUMMED} from keys k join booking_facts f on f.event_type_id = k.event_type_id
        and f.start_at >= k.hour and f.start_at < k.hour + interval '1 hour'
      where f.user_id is null and f.event_id <> all(${ids})
      union all select ${SUMMED} from added f where f.user_id is null
    ),
    ${resumHours(sql`keys`, sql`summed f`)}`);
}

/**
 * Writes every meeting's facts afresh: the path back when rows were changed by hand (a restore,
 * a repair in SQL) rather than by a command recording its change.
 */
export async function rebuildBookingFacts(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from booking_facts`);
    await tx.execute(sql`insert into booking_facts ${COLUMNS} ${factRows(() => sql`true`)}`);
    await rebuildBookingHours(tx);
  });
}

/**
 * Works out again the heatmap cells (weekday and hour of each start) of `userId`'s rows in their
 * zone as it is now: run when a host changes time zone, so the facts stay what a rebuild from the
 * rows writes (the heatmap is in the host's current zone, not the zone they had when booked).
 */
export async function relocateHostFacts(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`update booking_facts f
    set local_weekday = extract(isodow from f.start_at at time zone u.time_zone),
      local_hour = extract(hour from f.start_at at time zone u.time_zone)
    from users u where u.id = ${userId} and f.user_id = ${userId}`);
}
