import { and, desc, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type { InsightsResponse, InsightsWindow } from "../../core/api/insights";
import type { PageOwner } from "../data/pageNames";
import type { Db } from "../db/database";
import { pageViews } from "../db/schema";
import { describeClickedBlocks } from "./clickedBlocks";

/** The action the public page pings when it is shown; a ping with a component_id is a click. */
export const PAGE_VIEW_ACTION = "profile_page_viewed";

const TOP = 10;
const BLOCKS = 50;

/**
 * The page insights of `publicId` for the `days` days ending on `now`'s date in `timeZone`:
 * views and clicks per day (every day of the window, zeros too), clicks per block, top
 * referrers and devices. Days are cut in SQL at the zone's midnights, DST included. Each
 * clicked block is described as `page` has it now (null when removed).
 */
export async function findPageInsights(
  db: Db,
  input: { publicId: string; timeZone: string; page: PageOwner; days: InsightsWindow; now: Date },
): Promise<InsightsResponse> {
  const { publicId, timeZone, page, days, now } = input;
  const today = sql`((${now.toISOString()}::timestamptz at time zone ${timeZone})::date)`;
  const firstDay = sql`(${today} - ${days - 1}::int)`;
  const dayOf = sql`((${pageViews.createdAt} at time zone ${timeZone})::date)`;
  const inWindow = and(
    eq(pageViews.publicId, publicId),
    sql`${pageViews.createdAt} >= (${firstDay}::timestamp at time zone ${timeZone})`,
    sql`${pageViews.createdAt} < ((${today} + 1)::timestamp at time zone ${timeZone})`,
  ) as SQL;
  const isView = eq(pageViews.action, PAGE_VIEW_ACTION);
  const views = sql<number>`count(*) filter (where ${isView})`.mapWith(Number);
  const clicks = sql<number>`count(*) filter (where ${isNotNull(pageViews.componentId)})`.mapWith(
    Number,
  );

  const [perDay, window, blocks, referrers, devices] = await Promise.all([
    db
      .select({ date: sql<string>`to_char(${dayOf}, 'YYYY-MM-DD')`, views, clicks })
      .from(pageViews)
      .where(inWindow)
      // By position: the day's expression written twice would carry two sets of parameters,
      // which PostgreSQL does not take for the same expression.
      .groupBy(sql`1`),
    db
      .select({
        from: sql<string>`to_char(${firstDay}, 'YYYY-MM-DD')`,
        to: sql<string>`to_char(${today}, 'YYYY-MM-DD')`,
        dates: sql<string>`(select string_agg(to_char(d, 'YYYY-MM-DD'), ',' order by d) from generate_series(${firstDay}::timestamp, ${today}::timestamp, interval '1 day') as d)`,
      })
      .from(sql`(select 1) as one`),
    db
      .select({ componentId: sql<string>`${pageViews.componentId}`, clicks })
      .from(pageViews)
      .where(and(inWindow, isNotNull(pageViews.componentId)))
      .groupBy(pageViews.componentId)
      .orderBy(desc(clicks), pageViews.componentId)
      .limit(BLOCKS),
    db
      .select({ referrer: pageViews.referrer, views })
      .from(pageViews)
      .where(and(inWindow, isView))
      .groupBy(pageViews.referrer)
      .orderBy(desc(views), pageViews.referrer)
      .limit(TOP),
    db
      .select({ device: pageViews.device, views })
      .from(pageViews)
      .where(and(inWindow, isView))
      .groupBy(pageViews.device)
      .orderBy(desc(views), pageViews.device)
      .limit(TOP),
  ]);
  const described = await describeClickedBlocks(
    db,
    page,
    blocks.map((row) => row.componentId),
  );
  const counted = new Map(perDay.map((row) => [row.date, row]));
  const dayRows = window[0]!.dates.split(",").map((date) => ({
    date,
    views: counted.get(date)?.views ?? 0,
    clicks: counted.get(date)?.clicks ?? 0,
  }));
  return {
    publicId,
    timeZone,
    from: window[0]!.from,
    to: window[0]!.to,
    totals: {
      views: dayRows.reduce((sum, day) => sum + day.views, 0),
      clicks: dayRows.reduce((sum, day) => sum + day.clicks, 0),
    },
    days: dayRows,
    blocks: blocks.map((row) => ({ ...row, block: described.get(row.componentId) ?? null })),
    referrers,
    devices,
  };
}
