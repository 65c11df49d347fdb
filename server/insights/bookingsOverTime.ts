import { sql } from "drizzle-orm";
import type { BookingsOverTime, InsightsBucket } from "../../core/api/bookingInsights";
import { bucketStarts } from "../../core/insights/bucketStarts";
import type { Db } from "../db/database";
import { type BookingFilter, type LocalPeriod, rowsOf } from "./bookingSet";
import { factsIn } from "./factsIn";

/**
 * Meetings of `filter` starting in `period` per day, ISO week or month in the period's zone
 * (cut at its midnights, DST included), every bucket listed, zeros too.
 */
export async function bookingsOverTime(
  db: Db,
  filter: BookingFilter,
  period: LocalPeriod,
  bucket: InsightsBucket,
  now: Date,
): Promise<BookingsOverTime> {
  const rows = await rowsOf<{
    start: string;
    bookings: number;
    cancelled: number;
    completed: number;
  }>(
    db,
    // Counted per start first: meetings share starts (on the quarter hour), so the zone's rules
    // are applied once per start, not once per meeting (half the time of the call).
    sql`select to_char(date_trunc(${bucket}, per.start_at at time zone ${period.timeZone}), 'YYYY-MM-DD') as start,
        sum(per.bookings)::int as bookings, sum(per.cancelled)::int as cancelled,
        sum(per.completed)::int as completed
      from (
        select f.start_at, count(*) as bookings,
          count(*) filter (where f.end_kind = 'cancelled') as cancelled,
          count(*) filter (where f.status = 'CONFIRMED' and f.end_at <= ${now.toISOString()}::timestamptz) as completed
        from booking_facts f where ${factsIn(filter, period)}
        group by f.start_at
      ) per
      group by 1`,
  );
  const counted = new Map(rows.map((row) => [row.start, row]));
  return {
    period,
    bucket,
    buckets: bucketStarts(period.from, period.to, bucket).map((start) => ({
      start,
      bookings: counted.get(start)?.bookings ?? 0,
      cancelled: counted.get(start)?.cancelled ?? 0,
      completed: counted.get(start)?.completed ?? 0,
    })),
  };
}
