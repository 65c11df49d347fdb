import { sql } from "drizzle-orm";
import { LEAD_TIME_BUCKETS, type LeadTime } from "../../core/api/bookingInsights";
import type { Db } from "../db/database";
import { type BookingFilter, type LocalPeriod, rowsOf } from "./bookingSet";
import { factsIn } from "./factsIn";

/**
 * How far ahead the meetings of `filter` starting in `period` were booked: counts per lead time
 * bucket (hours from booking to start) and the median in hours.
 */
export async function leadTime(
  db: Db,
  filter: BookingFilter,
  period: LocalPeriod,
): Promise<LeadTime> {
  const hours = sql`f.lead_hours`;
  const cases = sql.join(
    LEAD_TIME_BUCKETS.map((bucket) =>
      bucket.toHours === null
        ? sql`when ${hours} >= ${bucket.fromHours} then ${bucket.key}`
        : sql`when ${hours} < ${bucket.toHours} then ${bucket.key}`,
    ),
    sql` `,
  );
  const [rows, median] = await Promise.all([
    rowsOf<{ key: string; bookings: number }>(
      db,
      sql`select (case ${cases} else ${LEAD_TIME_BUCKETS[0].key} end)::text as key, count(*)::int as bookings
        from booking_facts f where ${factsIn(filter, period)} group by 1`,
    ),
    rowsOf<{ hours: number | string | null }>(
      db,
      sql`select percentile_cont(0.5) within group (order by greatest(${hours}, 0))::float8 as hours
        from booking_facts f where ${factsIn(filter, period)}`,
    ),
  ]);
  const counted = new Map(rows.map((row) => [row.key, row.bookings]));
  const middle = median[0]?.hours;
  return {
    period,
    buckets: LEAD_TIME_BUCKETS.map((bucket) => ({
      key: bucket.key,
      bookings: counted.get(bucket.key) ?? 0,
    })),
    medianHours:
      middle === null || middle === undefined ? null : Math.round(Number(middle) * 10) / 10,
  };
}
