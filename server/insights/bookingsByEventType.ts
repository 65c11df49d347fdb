import { sql } from "drizzle-orm";
import type { BookingsByEventType } from "../../core/api/bookingInsights";
import type { Db } from "../db/database";
import { type BookingFilter, type LocalPeriod, rowsOf } from "./bookingSet";
import { hourPieces } from "./hourPieces";

/**
 * Meetings of `filter` starting in `period` per event type, with cancellations and no-shows
 * (whole hours from the hourly rollup, the cut edges from the facts: hourPieces).
 */
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
        select p.event_type_id, sum(p.bookings)::int as bookings,
          sum(p.cancelled)::int as cancelled, sum(p.no_shows)::int as no_shows
        from ${hourPieces(filter, period)} group by p.event_type_id
      ) per
      join event_types t on t.id = per.event_type_id
      order by per.bookings desc, t.title, t.id`,
  );
  return { period, eventTypes };
}
