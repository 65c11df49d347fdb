import { sql } from "drizzle-orm";
import type { BookingsByEventType } from "../../core/api/bookingInsights";
import type { Db } from "../db/database";
import { type BookingFilter, type LocalPeriod, rowsOf } from "./bookingSet";
import { factsIn } from "./factsIn";

/** Meetings of `filter` starting in `period` per event type, with cancellations and no-shows. */
export async function bookingsByEventType(
  db: Db,
  filter: BookingFilter,
  period: LocalPeriod,
): Promise<BookingsByEventType> {
  const eventTypes = await rowsOf<BookingsByEventType["eventTypes"][number]>(
    db,
    sql`select t.id as "eventTypeId", t.title, t.kind, per.bookings, per.cancelled,
        per.no_shows as "noShows"
      from (
        select f.event_type_id, count(*)::int as bookings,
          count(*) filter (where f.end_kind = 'cancelled')::int as cancelled,
          sum(f.no_shows)::int as no_shows
        from booking_facts f where ${factsIn(filter, period)} group by f.event_type_id
      ) per
      join event_types t on t.id = per.event_type_id
      order by per.bookings desc, t.title, t.id`,
  );
  return { period, eventTypes };
}
