import { type SQL, sql } from "drizzle-orm";
import type { InsightsBucket } from "../../core/api/bookingInsights";
import { leadCounts } from "./bookingHours";
import { type BookingFilter, type LocalPeriod, periodBounds } from "./bookingSet";
import { factsIn } from "./factsIn";

/** What the pieces must tell apart beyond the period. */
export interface PieceOptions {
  /** Completed meetings (confirmed, ended by `now`) are counted; else `completed` is 0. */
  now?: Date;
  /** The pieces are bucketed by `at` in this zone: no piece may span two buckets. */
  split?: { bucket: InsightsBucket; timeZone: string };
}

/** The sums of the facts `f` of a group, as the pieces' columns after `at, event_type_id`. */
function factSums(now: Date | undefined): SQL {
  const completed =
    now === undefined
      ? sql`0`
      : sql`count(*) filter (where f.status = 'CONFIRMED' and f.end_at <= ${now.toISOString()}::timestamptz)::int`;
  return sql`count(*)::int as bookings,
    count(*) filter (where f.status = 'CONFIRMED')::int as confirmed,
    ${completed} as completed,
    count(*) filter (where f.status = 'PENDING_APPROVAL')::int as pending,
    count(*) filter (where f.end_kind = 'cancelled')::int as cancelled,
    count(*) filter (where f.end_kind = 'cancelled' and f.end_actor not in ('invitee', 'system'))::int as by_host,
    count(*) filter (where f.end_kind = 'cancelled' and f.end_actor = 'invitee')::int as by_invitee,
    count(*) filter (where f.end_kind = 'cancelled' and f.end_actor = 'system')::int as by_system,
    count(*) filter (where f.rescheduled)::int as rescheduled,
    coalesce(sum(f.no_shows), 0)::int as no_shows,
    count(*) filter (where f.end_kind = 'declined')::int as declined,
    count(*) filter (where f.end_kind = 'expired')::int as expired,
    ${leadCounts()} as lead_counts`;
}

/** The first whole UTC hour of `period` and the end of its last. */
function wholeHours(period: LocalPeriod): { first: SQL; end: SQL } {
  const { start, end } = periodBounds(period);
  const first = sql`(date_trunc('hour', ${start} - interval '1 microsecond', 'UTC') + interval '1 hour')`;
  return { first, end: sql`greatest(date_trunc('hour', ${end}, 'UTC'), ${first})` };
}

/** Which rollup rows `h` hold meetings of `filter` (whose host is not named: see hourPieces). */
function hoursOf(filter: BookingFilter, period: LocalPeriod): SQL {
  const { first, end } = wholeHours(period);
  const where = [sql`h.hour >= ${first}`, sql`h.hour < ${end}`];
  if (filter.teamId !== null) where.push(sql`h.team_id = ${filter.teamId}`);
  if (filter.eventTypeId !== null) where.push(sql`h.event_type_id = ${filter.eventTypeId}`);
  return sql.join(where, sql` and `);
}

/**
 * The rollup rows `h` whose hour cannot be counted as a whole: some of its confirmed meetings
 * ended by `now` and some not, or (split) it spans two buckets or a change of the zone's offset
 * (a zone half an hour off UTC cuts its days in the middle of UTC hours).
 */
function cutHour({ now, split }: PieceOptions): SQL {
  const cuts: SQL[] = [];
  if (now !== undefined) {
    const at = sql`${now.toISOString()}::timestamptz`;
    // No confirmed meeting (no ends, null): nothing to tell apart.
    cuts.push(sql`coalesce(h.confirmed_end_min <= ${at} and h.confirmed_end_max > ${at}, false)`);
  }
  if (split !== undefined) {
    const last = sql`(h.hour + interval '1 hour' - interval '1 microsecond')`;
    const local = (at: SQL) => sql`(${at} at time zone ${split.timeZone})`;
    cuts.push(sql`(date_trunc(${split.bucket}, ${local(sql`h.hour`)}) <> date_trunc(${split.bucket}, ${local(last)})
      or ${local(last)} - ${local(sql`h.hour`)} <> interval '1 hour' - interval '1 microsecond')`);
  }
  return cuts.length === 0 ? sql`false` : sql.join(cuts, sql` or `);
}

/**
 * The meetings of `filter` starting in `period` (each once, as factsIn's "meeting" rows) as rows
 * of sums with columns at (an instant in the sums' hour or their start), event_type_id, bookings,
 * confirmed, completed, pending, cancelled, by_host, by_invitee, by_system, rescheduled,
 * no_shows, declined, expired and lead_counts (per LEAD_TIME_BUCKETS): the booking_hours rollup
 * for the UTC hours the period holds whole, and the booking facts for the rest (the cut hours at
 * the period's edges, and the hours the options cut). Summing them over any grouping of
 * event_type_id, or of `at`'s bucket with `split`, gives what the facts give. A named host's
 * meetings are read from the facts alone (a host's year is small, and the rollup is the
 * meetings', not the hosts'). A subquery `p`.
 */
export function hourPieces(
  filter: BookingFilter,
  period: LocalPeriod,
  options: PieceOptions = {},
): SQL {
  const sums = factSums(options.now);
  const facts = (extra: SQL) =>
    sql`select f.start_at as at, f.event_type_id, ${sums}
      from booking_facts f where ${factsIn(filter, period)} and ${extra}
      group by f.start_at, f.event_type_id`;
  if (filter.hostId !== null) return sql`(${facts(sql`true`)}) p`;
  const { first, end } = wholeHours(period);
  const cut = cutHour(options);
  const completed =
    options.now === undefined
      ? sql`0`
      : sql`(case when h.confirmed_end_max <= ${options.now.toISOString()}::timestamptz then h.confirmed else 0 end)`;
  return sql`(
    select h.hour as at, h.event_type_id, h.bookings, h.confirmed, ${completed} as completed,
      h.pending, h.cancelled, h.by_host, h.by_invitee, h.by_system, h.rescheduled, h.no_shows,
      h.declined, h.expired, h.lead_counts
    from booking_hours h where ${hoursOf(filter, period)} and not (${cut})
    union all ${facts(sql`f.start_at < ${first}`)}
    union all ${facts(sql`f.start_at >= ${end}`)}
    union all
    select cut.* from (
      select distinct h.event_type_id, h.hour from booking_hours h
      where ${hoursOf(filter, period)} and (${cut})
    ) x
    -- Lateral: an index probe per cut hour (a few), never a join over the period's facts.
    cross join lateral (
      ${facts(sql`f.event_type_id = x.event_type_id and f.start_at >= x.hour
        and f.start_at < x.hour + interval '1 hour'`)}
    ) cut
  ) p`;
}

/**
 * The revenue (paid less refunded, per currency, a jsonb object) of the meetings of `filter`
 * starting in `period`, as rows `r` with a column revenue: the rollup's whole hours and the
 * facts of the cut ones at the edges.
 */
export function revenuePieces(filter: BookingFilter, period: LocalPeriod): SQL {
  const facts = (extra: SQL) =>
    sql`select f.revenue from booking_facts f
      where ${factsIn(filter, period)} and f.revenue is not null and ${extra}`;
  if (filter.hostId !== null) return sql`(${facts(sql`true`)}) r`;
  const { first, end } = wholeHours(period);
  return sql`(
    select h.revenue from booking_hours h where ${hoursOf(filter, period)} and h.revenue is not null
    union all ${facts(sql`f.start_at < ${first}`)}
    union all ${facts(sql`f.start_at >= ${end}`)}
  ) r`;
}
