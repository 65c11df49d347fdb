import { type SQL, sql } from "drizzle-orm";
import { addDays, daysBetween } from "../../core/time/localDate";
import type { Db } from "../db/database";

/** Whose meetings a set holds: a team's or (with no team) any owner's; one host's; some types'. */
export interface BookingFilter {
  teamId: string | null;
  hostId: string | null;
  eventTypeId: string | null;
  /** Only meetings of these types (the page funnel's event blocks); null: any. */
  eventTypeIds?: readonly string[] | null;
}

/** A period of local days, both included, cut at midnights in `timeZone`. */
export interface LocalPeriod {
  from: string;
  to: string;
  timeZone: string;
}

/** The period of the same length just before `period`. */
export function previousPeriod(period: LocalPeriod): LocalPeriod {
  const days = daysBetween(period.from, period.to) + 1;
  return {
    from: addDays(period.from, -days),
    to: addDays(period.from, -1),
    timeZone: period.timeZone,
  };
}

/** The first instant of `period`, and the first after it, as SQL timestamptz values. */
export function periodBounds(period: LocalPeriod): { start: SQL; end: SQL } {
  // Midnight of a local date as an instant, in SQL: PostgreSQL applies the zone's rules,
  // DST included (a midnight that does not exist is read as the first instant after it).
  return {
    start: sql`(${period.from}::date::timestamp at time zone ${period.timeZone})`,
    end: sql`((${period.to}::date + 1)::timestamp at time zone ${period.timeZone})`,
  };
}

/**
 * The meetings of `filter` whose start (or, with `on: "created"`, whose booking) falls in
 * `period`, as a subquery `b` with columns id, event_type_id, status, start_at, end_at,
 * created_at, former_event_id, and for a cancelled one, how it ended (`end_kind`: cancelled,
 * declined or expired; `end_actor`: a host's id, "invitee" or "system"). Unpaid holds are left
 * out, and so are the frozen former times a move leaves behind (cancelled rows no change
 * cancelled: the moved row keeps the booking). The page funnel counts over this set; the other
 * booking figures read the same set from booking_facts (bookingFacts.ts), kept from the same rules.
 */
export function bookingSet(
  filter: BookingFilter,
  period: LocalPeriod,
  on: "start" | "created" = "start",
): SQL {
  const { start, end } = periodBounds(period);
  const at = on === "start" ? sql`e.start_at` : sql`e.created_at`;
  const joins: SQL[] = [];
  const where: SQL[] = [
    sql`${at} >= ${start}`,
    sql`${at} < ${end}`,
    sql`e.status <> 'PENDING_PAYMENT'`,
  ];
  if (filter.hostId !== null) {
    joins.push(sql`join event_hosts eh on eh.event_id = e.id and eh.user_id = ${filter.hostId}`);
  }
  if (filter.teamId !== null) {
    joins.push(sql`join event_types et on et.id = e.event_type_id`);
    where.push(sql`et.team_id = ${filter.teamId}`);
  }
  if (filter.eventTypeId !== null) where.push(sql`e.event_type_id = ${filter.eventTypeId}`);
  if (filter.eventTypeIds != null) {
    if (filter.eventTypeIds.length === 0) where.push(sql`false`);
    else
      where.push(
        sql`e.event_type_id in (${sql.join(
          filter.eventTypeIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      );
  }
  where.push(sql`(e.status <> 'CANCELLED' or ended.kind is not null)`);
  return sql`(
    select e.id, e.event_type_id, e.status, e.start_at, e.end_at, e.created_at,
      e.former_event_id, ended.kind as end_kind, ended.actor as end_actor
    from events e
    ${sql.join(joins, sql` `)}
    left join lateral (
      select c.kind, c.actor from booking_changes c
      where e.status = 'CANCELLED' and c.event_id = e.id
        and c.kind in ('cancelled', 'declined', 'expired')
      order by c.id desc limit 1
    ) ended on true
    where ${sql.join(where, sql` and `)}
  ) b`;
}

/**
 * The rows of `statement` (counts cast to int in SQL, so both drivers give numbers). JIT is off
 * for it: an aggregate over a year of a large team's meetings is costed high enough for
 * PostgreSQL to compile it, which took longer than the query itself (1.1 s against 0.7 s).
 */
export async function rowsOf<Row>(db: Db, statement: SQL): Promise<Row[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return (await tx.execute(statement)).rows as Row[];
  });
}
