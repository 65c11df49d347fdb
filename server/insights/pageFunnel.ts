import { sql } from "drizzle-orm";
import type { PageFunnel } from "../../core/api/bookingInsights";
import { blockTitle } from "../../core/pages/blockTitle";
import { inReadingOrder } from "../../core/pages/flowLayout";
import type { PageOwner } from "../data/pageNames";
import { eventTypesByIds, findPageBlocks, userNamesByIds } from "../data/pages";
import type { Db } from "../db/database";
import { PAGE_VIEW_ACTION } from "../pages/pageInsights";
import { bookingSet, type LocalPeriod, periodBounds, rowsOf } from "./bookingSet";

/**
 * Visits → clicks → bookings of `publicId`'s page in `period`: its views, the clicks on each
 * block, and for each event block the bookings of its event type made in the period (by any
 * path: the page does not tag a booking with the block it came from). Blocks in the editor's
 * order, then removed blocks that still have clicks.
 */
export async function pageFunnel(
  db: Db,
  input: { publicId: string; page: PageOwner; period: LocalPeriod },
): Promise<PageFunnel> {
  const { publicId, page, period } = input;
  const { start, end } = periodBounds(period);
  const blocks = inReadingOrder((await findPageBlocks(db, page)) ?? []);
  const eventTypeIds = [
    ...new Set(blocks.flatMap((block) => (block.kind === "event" ? [block.eventTypeId] : []))),
  ];
  const [pings, booked, types, people] = await Promise.all([
    rowsOf<{ componentId: string | null; views: number; clicks: number }>(
      db,
      sql`select component_id as "componentId",
          count(*) filter (where action = ${PAGE_VIEW_ACTION})::int as views,
          count(*) filter (where component_id is not null)::int as clicks
        from page_views
        where public_id = ${publicId} and created_at >= ${start} and created_at < ${end}
        group by component_id`,
    ),
    rowsOf<{ eventTypeId: string; bookings: number }>(
      db,
      sql`select b.event_type_id as "eventTypeId", count(*)::int as bookings
        from ${bookingSet({ teamId: null, hostId: null, eventTypeId: null, eventTypeIds }, period, "created")}
        group by b.event_type_id`,
    ),
    eventTypesByIds(db, eventTypeIds),
    userNamesByIds(
      db,
      blocks.flatMap((block) => (block.kind === "member" ? [block.userId] : [])),
    ),
  ]);
  const names = {
    eventTypes: new Map(types.map((type) => [type.id, type.title])),
    people: new Map(people.map((person) => [person.id, person.name])),
  };
  const clicks = new Map(
    pings.flatMap((row) => (row.componentId ? [[row.componentId, row.clicks]] : [])),
  );
  const bookingsOf = new Map(booked.map((row) => [row.eventTypeId, row.bookings]));
  const listed = blocks.map((block, index) => ({
    componentId: block.id,
    kind: block.kind,
    position: index + 1,
    title: blockTitle(block, names),
    clicks: clicks.get(block.id) ?? 0,
    bookings: block.kind === "event" ? (bookingsOf.get(block.eventTypeId) ?? 0) : null,
  }));
  const known = new Set(blocks.map((block) => block.id));
  const removed = [...clicks]
    .filter(([id]) => !known.has(id))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([componentId, count]) => ({
      componentId,
      kind: null,
      position: null,
      title: null,
      clicks: count,
      bookings: null,
    }));
  return {
    period,
    totals: {
      visits: pings.reduce((sum, row) => sum + row.views, 0),
      clicks: pings.reduce((sum, row) => sum + row.clicks, 0),
      bookings: booked.reduce((sum, row) => sum + row.bookings, 0),
    },
    blocks: [...listed, ...removed],
  };
}
