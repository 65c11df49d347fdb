import { sql } from "drizzle-orm";
import { LEAD_TIME_BUCKETS, type LeadTime } from "../../core/api/bookingInsights";
import type { Db } from "../db/database";
import { type BookingFilter, type LocalPeriod, rowsOf } from "./bookingSet";
import { factsIn } from "./factsIn";
import { hourPieces } from "./hourPieces";

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
  const [counts, median] = await Promise.all([
    // The buckets from the hourly rollup's counts (and the facts of the period's cut edges).
    rowsOf<Record<string, number>>(
      db,
      sql`select ${sql.join(
        LEAD_TIME_BUCKETS.map(
          (bucket, index) =>
            sql`coalesce(sum(p.lead_counts[${sql.raw(String(index + 1))}]), 0)::int as ${sql.identifier(bucket.key)}`,
        ),
        sql`, `,
      )} from ${hourPieces(filter, period)}`,
    ),
    // The median is the one figure the rollup cannot give: read from the facts' index.
    rowsOf<{ hours: number | string | null }>(
      db,
      sql`select percentile_cont(0.5) within group (order by greatest(${hours}, 0))::float8 as hours
        from booking_facts f where ${factsIn(filter, period)}`,
    ),
  ]);
  const counted = counts[0] ?? {};
  const middle = median[0]?.hours;
  return {
    period,
    buckets: LEAD_TIME_BUCKETS.map((bucket) => ({
      key: bucket.key,
      bookings: counted[bucket.key] ?? 0,
    })),
    medianHours:
      middle === null || middle === undefined ? null : Math.round(Number(middle) * 10) / 10,
  };
}
