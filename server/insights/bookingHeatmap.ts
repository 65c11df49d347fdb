import { sql } from "drizzle-orm";
import type { BookingHeatmap } from "../../core/api/bookingInsights";
import type { Db } from "../db/database";
import { type BookingFilter, type LocalPeriod, rowsOf } from "./bookingSet";
import { factsIn } from "./factsIn";

/**
 * Meetings of `filter` starting in `period` per weekday and start hour in each host's own zone
 * (a meeting with several hosts counts once for each, at its hour in their zone).
 */
export async function bookingHeatmap(
  db: Db,
  filter: BookingFilter,
  period: LocalPeriod,
): Promise<BookingHeatmap> {
  const cells = await rowsOf<BookingHeatmap["cells"][number]>(
    db,
    // Each host row holds its cell (local_weekday, local_hour: its start in the host's zone,
    // worked out when written), so this is a count over the index, not a zone conversion per
    // row. Counted per host first: the join to users (a deleted host's rows are not counted)
    // is once per host and cell, not per row.
    sql`select per.weekday, per.hour, sum(per.bookings)::int as bookings
      from (
        select f.user_id, f.local_weekday::int as weekday, f.local_hour::int as hour,
          count(*) as bookings
        from booking_facts f
        where ${factsIn(filter, period, "host")}
        group by f.user_id, f.local_weekday, f.local_hour
      ) per
      join users u on u.id = per.user_id
      group by 1, 2 order by 1, 2`,
  );
  return { period, cells };
}
