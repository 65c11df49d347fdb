import { type SQL, sql } from "drizzle-orm";
import { LEAD_TIME_BUCKETS } from "../../core/api/bookingInsights";
import type { Db, Tx } from "../db/database";

/**
 * The booking_hours rollup: the meetings' own booking facts (user_id null) summed per team, event
 * type and UTC hour of their start. A team's year is some 9,000 hours per type instead of a
 * row per meeting (a 50-host team books some 40 meetings an hour), so the whole-team calls read
 * the rollup for the hours their period holds whole and the booking facts only for the pieces
 * it does not (hourPieces.ts). Kept with the facts, in the same statements' transaction: the
 * hours the written meetings were in and are in now are summed afresh from the facts.
 */

/** The lead time bucket (1-based, as LEAD_TIME_BUCKETS orders them) of the facts' `hours`. */
export function leadBucketOf(hours: SQL): SQL {
  return sql`(case ${sql.join(
    LEAD_TIME_BUCKETS.map((bucket, index) =>
      bucket.toHours === null
        ? sql`when ${hours} >= ${sql.raw(String(bucket.fromHours))} then ${sql.raw(String(index + 1))}`
        : sql`when ${hours} < ${sql.raw(String(bucket.toHours))} then ${sql.raw(String(index + 1))}`,
    ),
    sql` `,
  )} else 1 end)`;
}

/** The meetings per lead time bucket of the facts `f` of a group, as an array in bucket order. */
export function leadCounts(): SQL {
  return sql`array[${sql.join(
    LEAD_TIME_BUCKETS.map(
      (_, index) =>
        sql`count(*) filter (where ${leadBucketOf(sql`f.lead_hours`)} = ${sql.raw(String(index + 1))})::int`,
    ),
    sql`, `,
  )}]`;
}

/** The counts a rollup row holds, over the facts `f` of its group (none of them depends on now). */
const COUNTS = sql`count(*)::int,
  count(*) filter (where f.status = 'CONFIRMED')::int,
  min(f.end_at) filter (where f.status = 'CONFIRMED'),
  max(f.end_at) filter (where f.status = 'CONFIRMED'),
  count(*) filter (where f.status = 'PENDING_APPROVAL')::int,
  count(*) filter (where f.end_kind = 'cancelled')::int,
  count(*) filter (where f.end_kind = 'cancelled' and f.end_actor not in ('invitee', 'system'))::int,
  count(*) filter (where f.end_kind = 'cancelled' and f.end_actor = 'invitee')::int,
  count(*) filter (where f.end_kind = 'cancelled' and f.end_actor = 'system')::int,
  count(*) filter (where f.rescheduled)::int,
  coalesce(sum(f.no_shows), 0)::int,
  count(*) filter (where f.end_kind = 'declined')::int,
  count(*) filter (where f.end_kind = 'expired')::int`;

const COLUMNS = sql`(team_id, event_type_id, hour, bookings, confirmed, confirmed_end_min,
  confirmed_end_max, pending, cancelled, by_host, by_invitee, by_system, rescheduled, no_shows,
  declined, expired, lead_counts, revenue)`;

/** The UTC hour an instant falls in (whatever the session's zone). */
export function utcHour(at: SQL): SQL {
  return sql`date_trunc('hour', ${at}, 'UTC')`;
}

/** The rollup rows of the meeting facts `f` of `from` (a from list naming booking_facts f). */
function hourRows(from: SQL): SQL {
  const hour = utcHour(sql`f.start_at`);
  return sql`select c.*, paid.revenue from (
      select f.team_id, f.event_type_id, ${hour} as hour, ${COUNTS}, ${leadCounts()}
      from ${from} where f.user_id is null
      group by f.team_id, f.event_type_id, ${hour}
    ) c
    left join (
      select team_id, event_type_id, hour, jsonb_object_agg(currency, amount) as revenue from (
        select f.team_id, f.event_type_id, ${hour} as hour, paid.key as currency,
          sum(paid.value::int)::int as amount
        from ${from} cross join lateral jsonb_each_text(f.revenue) paid
        where f.user_id is null and f.revenue is not null
        group by f.team_id, f.event_type_id, ${hour}, paid.key
      ) per_currency group by team_id, event_type_id, hour
    ) paid on paid.team_id is not distinct from c.team_id and paid.event_type_id = c.event_type_id
      and paid.hour = c.hour`;
}

/**
 * Sums afresh the hours of `keys` (a from list `k` of event_type_id and hour) from the meeting
 * facts `f` of `facts` (a from list), deleting their rows first: an hour with no meeting left
 * has no row. A statement's tail, after a with list naming `keys`: the delete is a data-modifying
 * subquery of the same statement, and no row is read from booking_hours, so it cannot conflict.
 */
export function resumHours(keys: SQL, facts: SQL): SQL {
  return sql`cleared as (
      delete from booking_hours h using ${keys} k
      where h.event_type_id = k.event_type_id and h.hour = k.hour
    )
    insert into booking_hours ${COLUMNS} ${hourRows(facts)}`;
}

/** Sums every hour afresh from the booking facts (with rebuildBookingFacts). */
export async function rebuildBookingHours(tx: Tx | Db): Promise<void> {
  await tx.execute(sql`delete from booking_hours`);
  await tx.execute(sql`insert into booking_hours ${COLUMNS} ${hourRows(sql`booking_facts f`)}`);
}
