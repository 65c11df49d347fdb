import { sql } from "drizzle-orm";
import type { BookingSummary, InsightsKpis } from "../../core/api/bookingInsights";
import type { Db } from "../db/database";
import { type BookingFilter, type LocalPeriod, previousPeriod, rowsOf } from "./bookingSet";
import { hourPieces, revenuePieces } from "./hourPieces";

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
  // Whole hours from the hourly rollup, the period's cut edges from the facts (hourPieces).
  const [counts, revenue] = await Promise.all([
    rowsOf<CountsRow>(
      db,
      sql`select
        coalesce(sum(p.bookings), 0)::int as bookings,
        coalesce(sum(p.completed), 0)::int as completed,
        coalesce(sum(p.confirmed - p.completed), 0)::int as upcoming,
        coalesce(sum(p.pending), 0)::int as pending,
        coalesce(sum(p.cancelled), 0)::int as cancelled,
        coalesce(sum(p.by_host), 0)::int as by_host,
        coalesce(sum(p.by_invitee), 0)::int as by_invitee,
        coalesce(sum(p.by_system), 0)::int as by_system,
        coalesce(sum(p.rescheduled), 0)::int as rescheduled,
        coalesce(sum(p.no_shows), 0)::int as no_shows,
        coalesce(sum(p.declined), 0)::int as declined,
        coalesce(sum(p.expired), 0)::int as expired
      from ${hourPieces(filter, period, { now })}`,
    ),
    rowsOf<{ currency: string; amount: number }>(
      db,
      sql`select paid.key as currency, sum(paid.value::int)::int as amount
        from ${revenuePieces(filter, period)} cross join lateral jsonb_each_text(r.revenue) paid
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
