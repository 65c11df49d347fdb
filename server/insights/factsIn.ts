import { type SQL, sql } from "drizzle-orm";
import { type BookingFilter, type LocalPeriod, periodBounds } from "./bookingSet";

/**
 * Which booking facts (`f`, from booking_facts) are the meetings of `filter` starting in
 * `period`, as a condition: `per: "meeting"` gives each meeting once (its own row, or with a host named, that
 * host's), `per: "host"` each meeting once for every host (or the one named). The rows are
 * those bookingSet selected from the raw rows, kept by the booking facts processor.
 */
export function factsIn(
  filter: BookingFilter,
  period: LocalPeriod,
  per: "meeting" | "host" = "meeting",
): SQL {
  const { start, end } = periodBounds(period);
  const where: SQL[] = [
    filter.hostId !== null
      ? sql`f.user_id = ${filter.hostId}`
      : per === "meeting"
        ? sql`f.user_id is null`
        : sql`f.user_id is not null`,
    sql`f.start_at >= ${start}`,
    sql`f.start_at < ${end}`,
  ];
  if (filter.teamId !== null) where.push(sql`f.team_id = ${filter.teamId}`);
  if (filter.eventTypeId !== null) where.push(sql`f.event_type_id = ${filter.eventTypeId}`);
  return sql.join(where, sql` and `);
}
