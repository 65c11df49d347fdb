import { sql } from "drizzle-orm";
import type { BookingsByEventType } from "../../core/api/bookingInsights";
import type { Db } from "../db/database";
import { type BookingFilter, bookingSet, type LocalPeriod, rowsOf } from "./bookingSet";

/** Meetings of `filter` starting in `period` per event type, with cancellations and no-shows. */
export async function bookingsByEventType(
  db: Db,
  filter: BookingFilter,
  period: LocalPeriod,
): Promise<BookingsByEventType> {
  const eventTypes = await rowsOf<BookingsByEventType["eventTypes"][number]>(
    db,
    sql`select t.id as "eventTypeId", t.title, t.kind, per.bookings, per.cancelled,
        coalesce(ns.count, 0)::int as "noShows"
      from (
        select b.event_type_id, count(*)::int as bookings,
          count(*) filter (where b.end_kind = 'cancelled')::int as cancelled
        from ${bookingSet(filter, period)} group by b.event_type_id
      ) per
      join event_types t on t.id = per.event_type_id
      left join (
        select b.event_type_id, count(*)::int as count
        from attendees a join ${bookingSet(filter, period)} on b.id = a.event_id
        where a.no_show_at is not null group by b.event_type_id
      ) ns on ns.event_type_id = per.event_type_id
      order by per.bookings desc, t.title, t.id`,
  );
  return { period, eventTypes };
}
