import { sql } from "drizzle-orm";
import type { BookingsOverTime, InsightsBucket } from "../../core/api/bookingInsights";
import { bucketStarts } from "../../core/insights/bucketStarts";
import type { Db } from "../db/database";
import { type BookingFilter, type LocalPeriod, rowsOf } from "./bookingSet";
import { hourPieces } from "./hourPieces";

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
    // Whole hours from the hourly rollup (those no bucket edge cuts), the rest from the facts
    // (hourPieces), counted per hour or start first: the zone's rules are applied once per
    // hour, not once per meeting.
    sql`select to_char(date_trunc(${bucket}, per.at at time zone ${period.timeZone}), 'YYYY-MM-DD') as start,
        sum(per.bookings)::int as bookings, sum(per.cancelled)::int as cancelled,
        sum(per.completed)::int as completed
      from (
        select p.at, sum(p.bookings) as bookings, sum(p.cancelled) as cancelled,
          sum(p.completed) as completed
        from ${hourPieces(filter, period, { now, split: { bucket, timeZone: period.timeZone } })}
        group by p.at
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
