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
    sql`select extract(isodow from local)::int as weekday, extract(hour from local)::int as hour,
        count(*)::int as bookings
      from (
        select f.start_at at time zone u.time_zone as local
        from booking_facts f join users u on u.id = f.user_id
        where ${factsIn(filter, period, "host")}
      ) starts
      group by 1, 2 order by 1, 2`,
  );
  return { period, cells };
}
