import { z } from "zod";
import { issueMessage } from "../issueMessage";
import { BLOCK_KINDS } from "../pages/blockKinds";

/** The windows the insights view offers, in days ending today in the owner's time zone. */
export const INSIGHTS_WINDOWS = [7, 30, 90] as const;
export type InsightsWindow = (typeof INSIGHTS_WINDOWS)[number];

/** `GET /api/insights?days=` and `GET /api/teams/{id}/insights?days=` (default 30). */
export const insightsQuery = z.object({
  days: z
    .enum(["7", "30", "90"], { error: issueMessage("general.invalidInput") })
    .default("30")
    .transform((value) => Number(value) as InsightsWindow),
});

const count = z.number().int().nonnegative();

/** A page's analytics pings counted per day and per kind, in the owner's time zone. */
export const insightsSchema = z.object({
  /** The public id the pings name the page by: the username, or the team's slug. */
  publicId: z.string(),
  timeZone: z.string().describe("The IANA zone the days are counted in"),
  /** The first and last day of the window, `yyyy-MM-dd`; the last is today. */
  from: z.string(),
  to: z.string(),
  totals: z.object({ views: count, clicks: count }),
  /** Every day of the window, oldest first, zeros included. */
  days: z.array(z.object({ date: z.string(), views: count, clicks: count })),
  /** Clicks per block (the ping's component_id), most first. */
  blocks: z.array(
    z.object({
      componentId: z.string(),
      clicks: count,
      /**
       * The block as the page has it now: its kind, place in the editor's list (from 1) and
       * title (null: untitled, named by kind and position); null when it was removed.
       */
      block: z
        .object({
          kind: z.enum(BLOCK_KINDS),
          position: z.number().int().positive(),
          title: z.string().nullable(),
        })
        .nullable(),
    }),
  ),
  /** Views per referring site (an origin; null: none, typed or bookmarked), most first. */
  referrers: z.array(z.object({ referrer: z.string().nullable(), views: count })),
  /** Views per device (`mobile`, `tablet`, `desktop`; null: not said), most first. */
  devices: z.array(z.object({ device: z.string().nullable(), views: count })),
});

export type InsightsResponse = z.infer<typeof insightsSchema>;
