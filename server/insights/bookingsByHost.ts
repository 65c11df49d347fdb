import { sql } from "drizzle-orm";
import type { BookingsByHost } from "../../core/api/bookingInsights";
import type { Db } from "../db/database";
import { type BookingFilter, bookingSet, type LocalPeriod, rowsOf } from "./bookingSet";

/**
 * Meetings of `filter` starting in `period` per host (a meeting with several hosts counts for
 * each), with cancellations, no-shows and the round-robin meetings each was given.
 */
export async function bookingsByHost(
  db: Db,
  filter: BookingFilter,
  period: LocalPeriod,
): Promise<BookingsByHost> {
  const only = filter.hostId === null ? sql`` : sql`and h.user_id = ${filter.hostId}`;
  const hosts = await rowsOf<BookingsByHost["hosts"][number]>(
    db,
    sql`select u.id as "userId", u.name, per.bookings, per.cancelled, per.round_robin as "roundRobin",
        coalesce(ns.count, 0)::int as "noShows"
      from (
        select h.user_id, count(*)::int as bookings,
          count(*) filter (where b.end_kind = 'cancelled')::int as cancelled,
          count(*) filter (where t.kind = 'ROUND_ROBIN')::int as round_robin
        from ${bookingSet(filter, period)}
        join event_hosts h on h.event_id = b.id ${only}
        join event_types t on t.id = b.event_type_id
        group by h.user_id
      ) per
      join users u on u.id = per.user_id
      left join (
        select h.user_id, count(*)::int as count
        from attendees a join ${bookingSet(filter, period)} on b.id = a.event_id
        join event_hosts h on h.event_id = b.id ${only}
        where a.no_show_at is not null group by h.user_id
      ) ns on ns.user_id = per.user_id
      order by per.bookings desc, u.name, u.id`,
  );
  return { period, hosts };
}
