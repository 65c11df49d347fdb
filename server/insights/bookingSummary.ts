import { sql } from "drizzle-orm";
import type { BookingSummary, InsightsKpis } from "../../core/api/bookingInsights";
import type { Db } from "../db/database";
import { type BookingFilter, type LocalPeriod, previousPeriod, rowsOf } from "./bookingSet";
import { factsIn } from "./factsIn";

/**
 * The KPIs of the meetings of `filter` starting in `period`, and of the period of the same
 * length before it: bookings, completed and upcoming (by `now`), pending requests, cancelled
 * (by whom), rescheduled, no-shows, declined and expired requests, revenue per currency.
 */
export async function bookingSummary(
  db: Db,
  filter: BookingFilter,
  period: LocalPeriod,
  now: Date,
): Promise<BookingSummary> {
  const previous = previousPeriod(period);
  const [current, before] = await Promise.all([
    kpis(db, filter, period, now),
    kpis(db, filter, previous, now),
  ]);
  return { period, previous, current, before };
}

interface CountsRow {
  bookings: number;
  completed: number;
  upcoming: number;
  pending: number;
  cancelled: number;
  by_host: number;
  by_invitee: number;
  by_system: number;
  rescheduled: number;
  no_shows: number;
  declined: number;
  expired: number;
}

async function kpis(
  db: Db,
  filter: BookingFilter,
  period: LocalPeriod,
  now: Date,
): Promise<InsightsKpis> {
  const at = now.toISOString();
  const [counts, revenue] = await Promise.all([
    rowsOf<CountsRow>(
      db,
      sql`select
        count(*)::int as bookings,
        count(*) filter (where f.status = 'CONFIRMED' and f.end_at <= ${at}::timestamptz)::int as completed,
        count(*) filter (where f.status = 'CONFIRMED' and f.end_at > ${at}::timestamptz)::int as upcoming,
        count(*) filter (where f.status = 'PENDING_APPROVAL')::int as pending,
        count(*) filter (where f.end_kind = 'cancelled')::int as cancelled,
        count(*) filter (where f.end_kind = 'cancelled' and f.end_actor not in ('invitee', 'system'))::int as by_host,
        count(*) filter (where f.end_kind = 'cancelled' and f.end_actor = 'invitee')::int as by_invitee,
        count(*) filter (where f.end_kind = 'cancelled' and f.end_actor = 'system')::int as by_system,
        count(*) filter (where f.rescheduled)::int as rescheduled,
        coalesce(sum(f.no_shows), 0)::int as no_shows,
        count(*) filter (where f.end_kind = 'declined')::int as declined,
        count(*) filter (where f.end_kind = 'expired')::int as expired
      from booking_facts f where ${factsIn(filter, period)}`,
    ),
    rowsOf<{ currency: string; amount: number }>(
      db,
      sql`select paid.key as currency, sum(paid.value::int)::int as amount
        from booking_facts f cross join lateral jsonb_each_text(f.revenue) paid
        where ${factsIn(filter, period)} and f.revenue is not null
        group by paid.key order by paid.key`,
    ),
  ]);
  const row = counts[0]!;
  return {
    bookings: row.bookings,
    completed: row.completed,
    upcoming: row.upcoming,
    pending: row.pending,
    cancelled: row.cancelled,
    cancelledBy: { host: row.by_host, invitee: row.by_invitee, system: row.by_system },
    rescheduled: row.rescheduled,
    noShows: row.no_shows,
    declined: row.declined,
    expired: row.expired,
    revenue,
  };
}
