import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/database";

/**
 * The booking_facts rows of the meetings `which` selects (a condition on `e`, the events), as
 * they are now: a row for the meeting and one per host. What the insights count over them is
 * what they counted over the raw rows: unpaid holds are left out, and so are the frozen former
 * times a move leaves behind (cancelled rows no change cancelled); a cancelled meeting ended as
 * its last cancelled, declined or expired change says (a seat's cancel does not end it); the
 * no-shows are its attendees with `no_show_at`; the revenue is its payments paid less refunded.
 * One statement for the processor and the rebuild (and, frozen, the migration's backfill).
 */
function factRows(which: SQL): SQL {
  return sql`
    select e.id, h.user_id, t.team_id, e.event_type_id, e.status,
      e.start_at, e.end_at, extract(epoch from (e.start_at - e.created_at)) / 3600,
      ended.kind, ended.actor, e.former_event_id is not null, coalesce(ns.count, 0), paid.revenue
    from events e
    join event_types t on t.id = e.event_type_id
    left join lateral (
      select c.kind, c.actor from booking_changes c
      where e.status = 'CANCELLED' and c.event_id = e.id
        and c.kind in ('cancelled', 'declined', 'expired')
      order by c.id desc limit 1
    ) ended on true
    left join lateral (
      select count(*)::int as count from attendees a
      where a.event_id = e.id and a.no_show_at is not null
    ) ns on true
    left join lateral (
      select jsonb_object_agg(p.currency, p.amount) as revenue from (
        select currency, sum(amount - refunded_amount)::int as amount from payments
        where event_id = e.id and status in ('PAID', 'REFUNDED') group by currency
      ) p
    ) paid on true
    cross join lateral (
      select null::uuid as user_id
      union all
      select eh.user_id from event_hosts eh where eh.event_id = e.id
    ) h
    where ${which} and e.status <> 'PENDING_PAYMENT'
      and (e.status <> 'CANCELLED' or ended.kind is not null)`;
}

const COLUMNS = sql`(event_id, user_id, team_id, event_type_id, status, start_at,
  end_at, lead_hours, end_kind, end_actor, rescheduled, no_shows, revenue)`;

/** Writes the facts of these meetings afresh from their rows (a gone meeting's go with it). */
export async function refreshBookingFacts(tx: Tx, eventIds: readonly string[]): Promise<void> {
  if (eventIds.length === 0) return;
  const ids = sql`${`{${eventIds.join(",")}}`}::uuid[]`;
  await tx.execute(sql`delete from booking_facts where event_id = any(${ids})`);
  await tx.execute(sql`insert into booking_facts ${COLUMNS} ${factRows(sql`e.id = any(${ids})`)}`);
}

/**
 * Writes every meeting's facts afresh: the path back when rows were changed by hand (a restore,
 * a repair in SQL) rather than by a command recording its change.
 */
export async function rebuildBookingFacts(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from booking_facts`);
    await tx.execute(sql`insert into booking_facts ${COLUMNS} ${factRows(sql`true`)}`);
  });
}
