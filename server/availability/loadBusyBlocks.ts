import { type SQL, sql } from "drizzle-orm";
import type { BusyBlock, OutOfOfficePeriod } from "../../core/availability/types";
import { DAY_MS } from "../../core/time/durations";
import { formatLocalDate } from "../../core/time/localDate";
import type { Db, Tx } from "../db/database";

/** What to leave out or soften while loading busy time. */
export interface BusyOptions {
  /** GROUP: count each event's confirmed attendees (other kinds never join an event). */
  countAttendees: boolean;
  /** The event being rescheduled: its rows block nothing. */
  excludeEventId?: string | null;
  /** GROUP: an attendee moving out of this event frees one seat; the others still hold it. */
  leavingEventId?: string | null;
  /**
   * The clock, to apply a host's choice of treating their whole horizon as busy while a calendar
   * connection has failed for over an hour; without it that choice is not applied.
   */
  now?: Date;
}

/** The eventId of busy time read from a host's calendars (matches no meeting). */
export const EXTERNAL_BUSY = "external";

/** How long a connection may fail before a host's "treat as busy" choice applies. */
export const FAILURE_GRACE_MS = 3_600_000;

const epochMs = (value: SQL) => sql`date_part('epoch', ${value}) * 1000`;

/** The busy blocks of `hostIds` over [from, to) (epoch ms), by host: loadHostTime's `busy`. */
export async function loadBusyBlocks(
  db: Db | Tx,
  hostIds: readonly string[],
  from: number,
  to: number,
  options: BusyOptions,
): Promise<Map<string, BusyBlock[]>> {
  return (await loadHostTime(db, hostIds, from, to, options)).busy;
}

/** Each host's busy blocks and out-of-office periods. */
export interface HostTime {
  busy: Map<string, BusyBlock[]>;
  away: Map<string, OutOfOfficePeriod[]>;
}

/**
 * The busy blocks of `hostIds` whose time (event plus buffers) overlaps [from, to) (epoch ms), and
 * their out-of-office periods touching the host-local dates around it (a day either side), in
 * one query, by host: the timetable's cost is its round trips. Busy time synced from the host's
 * calendars (calendar_busy) comes in the same query as blocks of no event type; a connection
 * whose host chose BLOCK and that has failed for over an hour makes the whole window busy.
 * Only active events block:
 * host_busy holds rows for those alone, and the status filter keeps it so should a row outlive
 * its event's cancellation.
 */
export async function loadHostTime(
  db: Db | Tx,
  hostIds: readonly string[],
  from: number,
  to: number,
  options: BusyOptions,
): Promise<HostTime> {
  const byHost = new Map<string, BusyBlock[]>(hostIds.map((id) => [id, []]));
  const away = new Map<string, OutOfOfficePeriod[]>();
  if (hostIds.length === 0) return { busy: byHost, away };
  const awayFrom = formatLocalDate(Math.floor(from / DAY_MS) - 1);
  const awayTo = formatLocalDate(Math.ceil(to / DAY_MS) + 1);
  const attendeeCount = options.countAttendees
    ? sql`(select count(*) from attendees a where a.event_id = e.id and a.status = 'CONFIRMED')`
    : sql`1`;
  const excluded = options.excludeEventId
    ? sql`and e.id <> ${options.excludeEventId}::uuid`
    : sql``;
  // Each host's blocks come back as one text ("id,type,start,end,from,to,count;…"): PGlite pays
  // per row and field returned, about twice the whole query for a thousand rows. The host_busy rows
  // are found through the GiST index of the exclusion constraint; the lateral OFFSET 0 keeps the
  // event lookups on the primary key whatever the statistics say, so events outside the window
  // are never read. calendar_busy is read with = any(): joined to the unnest, the planner chose
  // to scan every user's synced rows (500 of another host's for one with none, 0.2 ms on PGlite).
  const range = sql`tstzrange(${new Date(from).toISOString()}::timestamptz,
        ${new Date(to).toISOString()}::timestamptz, '[)')`;
  const failing = options.now
    ? sql`union all
    select 'down', c.user_id, '' from calendar_connections c
    where c.user_id = any(string_to_array(${hostIds.join(",")}, ',')::uuid[])
      and c.on_failure = 'BLOCK'
      and c.failing_since <= ${new Date(options.now.getTime() - FAILURE_GRACE_MS).toISOString()}::timestamptz
    group by c.user_id`
    : sql``;
  const result = await db.execute<HostTimeRow>(sql`
    select 'busy' as "kind", hb.host_id as "hostId", string_agg(concat_ws(',', e.id, e.event_type_id,
      ${epochMs(sql`e.start_at`)}, ${epochMs(sql`e.end_at`)},
      ${epochMs(sql`lower(hb.during)`)}, ${epochMs(sql`upper(hb.during)`)}, ${attendeeCount}), ';')
      as "blocks"
    from unnest(string_to_array(${hostIds.join(",")}, ',')::uuid[]) as h(id)
    join host_busy hb on hb.host_id = h.id
      and hb.during && tstzrange(${new Date(from).toISOString()}::timestamptz,
        ${new Date(to).toISOString()}::timestamptz, '[)')
    cross join lateral (
      select e.id, e.event_type_id, e.start_at, e.end_at from events e
      where e.id = hb.event_id and e.status in ('CONFIRMED', 'PENDING_PAYMENT', 'PENDING_APPROVAL') ${excluded}
      offset 0
    ) e
    group by hb.host_id
    union all
    select 'away', o.user_id, string_agg(concat_ws(',', to_char(o.start_date, 'YYYY-MM-DD'),
      to_char(o.end_date, 'YYYY-MM-DD')), ';')
    from out_of_office o
    where o.user_id = any(string_to_array(${hostIds.join(",")}, ',')::uuid[])
      and o.end_date >= ${awayFrom}::date and o.start_date <= ${awayTo}::date
    group by o.user_id
    union all
    select 'external', cb.user_id, string_agg(concat_ws(',', ${epochMs(sql`lower(cb.during)`)},
      ${epochMs(sql`upper(cb.during)`)}), ';')
    from calendar_busy cb
    where cb.user_id = any(string_to_array(${hostIds.join(",")}, ',')::uuid[]) and cb.during && ${range}
    group by cb.user_id
    ${failing}
  `);
  readHostTimeRows(result.rows, { busy: byHost, away }, from, to, options);
  return { busy: byHost, away };
}

/** A row of the host-time queries: one host's blocks of one kind, as one text. */
export type HostTimeRow = {
  kind: "busy" | "away" | "external" | "down";
  hostId: string;
  blocks: string;
};

/**
 * Adds the blocks and away periods of `rows` to `into` (busy blocks only for hosts it already
 * has); "down" rows make [from, to) busy. Shared with the change reader so both parse alike.
 */
export function readHostTimeRows(
  rows: readonly HostTimeRow[],
  into: HostTime,
  from: number,
  to: number,
  options: Pick<BusyOptions, "leavingEventId">,
): void {
  const { busy: byHost, away } = into;
  for (const row of rows) {
    if (row.kind === "away") {
      away.set(
        row.hostId,
        row.blocks.split(";").map((text) => {
          const [startDate, endDate] = text.split(",");
          return { startDate: startDate!, endDate: endDate! };
        }),
      );
      continue;
    }
    const blocks = byHost.get(row.hostId);
    if (blocks === undefined) continue;
    if (row.kind === "external" || row.kind === "down") {
      const spans =
        row.kind === "down"
          ? [[from, to]]
          : row.blocks.split(";").map((text) => text.split(",").map((n) => Math.round(Number(n))));
      for (const [start, end] of spans) {
        blocks.push({
          eventId: EXTERNAL_BUSY,
          eventTypeId: null,
          start: start!,
          end: end!,
          from: start!,
          to: end!,
          attendeeCount: 0,
        });
      }
      continue;
    }
    for (const text of row.blocks.split(";")) {
      const [eventId, eventTypeId, start, end, blockFrom, blockTo, count] = text.split(",");
      let attendeeCount = Number(count);
      if (eventId === options.leavingEventId) {
        attendeeCount -= 1;
        // The leaver was its only attendee: the event moves away with them.
        if (attendeeCount <= 0) continue;
      }
      blocks.push({
        eventId: eventId!,
        eventTypeId: eventTypeId!,
        start: Math.round(Number(start)),
        end: Math.round(Number(end)),
        from: Math.round(Number(blockFrom)),
        to: Math.round(Number(blockTo)),
        attendeeCount,
      });
    }
  }
}
