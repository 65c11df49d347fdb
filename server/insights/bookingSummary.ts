import { sql } from "drizzle-orm";
import type { BookingSummary, InsightsKpis } from "../../core/api/bookingInsights";
import type { Db } from "../db/database";
import {
  type BookingFilter,
  bookingSet,
  type LocalPeriod,
  previousPeriod,
  rowsOf,
} from "./bookingSet";

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
  const set = () => bookingSet(filter, period);
  const [counts, noShows, revenue] = await Promise.all([
    rowsOf<CountsRow>(
      db,
      sql`select
        count(*)::int as bookings,
        count(*) filter (where b.status = 'CONFIRMED' and b.end_at <= ${at}::timestamptz)::int as completed,
        count(*) filter (where b.status = 'CONFIRMED' and b.end_at > ${at}::timestamptz)::int as upcoming,
        count(*) filter (where b.status = 'PENDING_APPROVAL')::int as pending,
        count(*) filter (where b.end_kind = 'cancelled')::int as cancelled,
        count(*) filter (where b.end_kind = 'cancelled' and b.end_actor not in ('invitee', 'system'))::int as by_host,
        count(*) filter (where b.end_kind = 'cancelled' and b.end_actor = 'invitee')::int as by_invitee,
        count(*) filter (where b.end_kind = 'cancelled' and b.end_actor = 'system')::int as by_system,
        count(*) filter (where b.former_event_id is not null)::int as rescheduled,
        count(*) filter (where b.end_kind = 'declined')::int as declined,
        count(*) filter (where b.end_kind = 'expired')::int as expired
      from ${set()}`,
    ),
    rowsOf<{ count: number }>(
      db,
      sql`select count(*)::int as count from attendees a join ${set()} on b.id = a.event_id
        where a.no_show_at is not null`,
    ),
    rowsOf<{ currency: string; amount: number }>(
      db,
      sql`select p.currency, sum(p.amount - p.refunded_amount)::int as amount
        from payments p join ${set()} on b.id = p.event_id
        where p.status in ('PAID', 'REFUNDED')
        group by p.currency order by p.currency`,
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
    noShows: noShows[0]!.count,
    declined: row.declined,
    expired: row.expired,
    revenue,
  };
}
