import { sql } from "drizzle-orm";
import type { BookingsByHost } from "../../core/api/bookingInsights";
import type { Db } from "../db/database";
import { type BookingFilter, type LocalPeriod, rowsOf } from "./bookingSet";
import { factsIn } from "./factsIn";

/**
 * Meetings of `filter` starting in `period` per host (a meeting with several hosts counts for
 * each), with cancellations, no-shows and the round-robin meetings each was given.
 */
export async function bookingsByHost(
  db: Db,
  filter: BookingFilter,
  period: LocalPeriod,
): Promise<BookingsByHost> {
  const hosts = await rowsOf<BookingsByHost["hosts"][number]>(
    db,
    // Counted per host and event type first: the type's kind (which can change) is read once
    // for each pair, not for each meeting.
    sql`select u.id as "userId", u.name, per.bookings, per.cancelled, per.round_robin as "roundRobin",
        per.no_shows as "noShows"
      from (
        select pair.user_id, sum(pair.bookings)::int as bookings,
          sum(pair.cancelled)::int as cancelled,
          coalesce(sum(pair.bookings) filter (where t.kind = 'ROUND_ROBIN'), 0)::int as round_robin,
          sum(pair.no_shows)::int as no_shows
        from (
          select f.user_id, f.event_type_id, count(*) as bookings,
            count(*) filter (where f.end_kind = 'cancelled') as cancelled,
            sum(f.no_shows) as no_shows
          from booking_facts f where ${factsIn(filter, period, "host")}
          group by f.user_id, f.event_type_id
        ) pair
        join event_types t on t.id = pair.event_type_id
        group by pair.user_id
      ) per
      join users u on u.id = per.user_id
      order by per.bookings desc, u.name, u.id`,
  );
  return { period, hosts };
}
