import { z } from "zod";
import { issueMessage } from "../issueMessage";
import { BLOCK_KINDS } from "../pages/blockKinds";
import { daysBetween } from "../time/localDate";
import { isSupportedDate, UNSUPPORTED_DATE_MESSAGE } from "../validation/supportedDates";
import { timeZoneParam } from "./timetable";

/** The longest period one insights call covers, in days (three years and a leap day). */
export const INSIGHTS_MAX_DAYS = 1097;

/** How bookings over time are bucketed: days, ISO weeks (from Monday) or calendar months. */
export const INSIGHTS_BUCKETS = ["day", "week", "month"] as const;
export type InsightsBucket = (typeof INSIGHTS_BUCKETS)[number];

/** Lead time buckets (how far ahead a booking was made), in hours from its creation to its start. */
export const LEAD_TIME_BUCKETS = [
  { key: "under1d", fromHours: 0, toHours: 24 },
  { key: "1to3d", fromHours: 24, toHours: 72 },
  { key: "3to7d", fromHours: 72, toHours: 168 },
  { key: "1to2w", fromHours: 168, toHours: 336 },
  { key: "2to4w", fromHours: 336, toHours: 672 },
  { key: "over4w", fromHours: 672, toHours: null },
] as const;
export type LeadTimeBucket = (typeof LEAD_TIME_BUCKETS)[number]["key"];

const datesValid = (query: { from: string; to: string }) =>
  isSupportedDate(query.from) && isSupportedDate(query.to);

const dateParam = z.string().refine(isSupportedDate, { error: UNSUPPORTED_DATE_MESSAGE });

/**
 * What every `GET /api/insights/...` call takes: the period (`from`..`to`, both days included, in
 * `timeZone`, the viewer's, by default their own), whose bookings (a team's with `teamId`, else
 * the caller's own), narrowed to one event type or one host.
 */
export const bookingInsightsQuery = z
  .object({
    from: dateParam,
    to: dateParam,
    timeZone: timeZoneParam.optional(),
    teamId: z.uuid({ error: issueMessage("teams.notFound") }).optional(),
    eventTypeId: z.uuid({ error: issueMessage("eventTypes.notFound") }).optional(),
    hostId: z.uuid({ error: issueMessage("teams.memberNotFound") }).optional(),
  })
  // Each date is checked on its own above; a bad one is said there, not again here.
  .refine((query) => !datesValid(query) || query.to >= query.from, {
    path: ["to"],
    error: issueMessage("time.endBeforeStartDate"),
  })
  .refine(
    (query) =>
      !datesValid(query) ||
      query.to < query.from ||
      daysBetween(query.from, query.to) < INSIGHTS_MAX_DAYS,
    { path: ["to"], error: issueMessage("insights.periodTooLong") },
  );
export type BookingInsightsQuery = z.infer<typeof bookingInsightsQuery>;

/** `GET /api/insights/bookings/over-time` takes the bucket besides (default: day). */
export const bookingsOverTimeQuery = bookingInsightsQuery.and(
  z.object({
    bucket: z.enum(INSIGHTS_BUCKETS, { error: issueMessage("fields.selectOption") }).default("day"),
  }),
);

const count = z.number().int().nonnegative();

/** The period the figures are of, as asked, and the one before it of the same length. */
const periodSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string().describe("The IANA zone the days are cut in"),
});

const kpisSchema = z.object({
  /** Meetings starting in the period (not unpaid holds, not the frozen former times of moves). */
  bookings: count,
  /** Confirmed meetings that have ended. */
  completed: count,
  /** Confirmed meetings still to come. */
  upcoming: count,
  /** Requests waiting for the host's answer. */
  pending: count,
  cancelled: count,
  cancelledBy: z.object({ host: count, invitee: count, system: count }),
  /** Meetings moved at least once. */
  rescheduled: count,
  /** Invitees marked as not having shown up. */
  noShows: count,
  declined: count,
  expired: count,
  /** Paid less refunded, per currency (minor units), of the period's meetings. */
  revenue: z.array(z.object({ currency: z.string(), amount: z.number().int() })),
});
export type InsightsKpis = z.infer<typeof kpisSchema>;

export const bookingSummarySchema = z.object({
  period: periodSchema,
  previous: periodSchema,
  current: kpisSchema,
  before: kpisSchema,
});
export type BookingSummary = z.infer<typeof bookingSummarySchema>;

export const bookingsOverTimeSchema = z.object({
  period: periodSchema,
  bucket: z.enum(INSIGHTS_BUCKETS),
  /** Every bucket touching the period, oldest first, zeros included; `start` is its first day. */
  buckets: z.array(
    z.object({ start: z.string(), bookings: count, cancelled: count, completed: count }),
  ),
});
export type BookingsOverTime = z.infer<typeof bookingsOverTimeSchema>;

export const bookingsByEventTypeSchema = z.object({
  period: periodSchema,
  /** Most bookings first. */
  eventTypes: z.array(
    z.object({
      eventTypeId: z.uuid(),
      title: z.string(),
      kind: z.string(),
      bookings: count,
      cancelled: count,
      noShows: count,
    }),
  ),
});
export type BookingsByEventType = z.infer<typeof bookingsByEventTypeSchema>;

export const bookingsByHostSchema = z.object({
  period: periodSchema,
  /** Most bookings first; `roundRobin` counts the round-robin meetings the host was given. */
  hosts: z.array(
    z.object({
      userId: z.uuid(),
      name: z.string(),
      bookings: count,
      cancelled: count,
      noShows: count,
      roundRobin: count,
    }),
  ),
});
export type BookingsByHost = z.infer<typeof bookingsByHostSchema>;

export const leadTimeSchema = z.object({
  period: periodSchema,
  /** Every bucket, in order, zeros included. */
  buckets: z.array(z.object({ key: z.enum(LEAD_TIME_BUCKETS.map((b) => b.key)), bookings: count })),
  /** The median hours between booking and start; null with no bookings. */
  medianHours: z.number().nullable(),
});
export type LeadTime = z.infer<typeof leadTimeSchema>;

export const bookingHeatmapSchema = z.object({
  period: periodSchema,
  /**
   * Meetings per weekday (1 Monday to 7 Sunday) and start hour (0 to 23) in each host's own zone,
   * only the cells with meetings.
   */
  cells: z.array(
    z.object({
      weekday: z.number().int().min(1).max(7),
      hour: z.number().int().min(0).max(23),
      bookings: count,
    }),
  ),
});
export type BookingHeatmap = z.infer<typeof bookingHeatmapSchema>;

export const routingInsightsSchema = z.object({
  period: periodSchema,
  /** Per form and route taken: submissions in the period and how many led to a booking. */
  routes: z.array(
    z.object({
      formId: z.uuid(),
      formTitle: z.string(),
      routeId: z.string(),
      /** The route's place in the form now (from 1); null when it was removed since. */
      position: z.number().int().positive().nullable(),
      isFallback: z.boolean(),
      actionType: z.enum(["EVENT_TYPE", "URL", "MESSAGE"]),
      /** The event type it opened, as titled now (null: not an event type route, or deleted). */
      eventTypeTitle: z.string().nullable(),
      submissions: count,
      booked: count,
    }),
  ),
});
export type RoutingInsights = z.infer<typeof routingInsightsSchema>;

export const pageFunnelSchema = z.object({
  period: periodSchema,
  totals: z.object({ visits: count, clicks: count, bookings: count }),
  /**
   * Per block of the page: its clicks, and for an event block the bookings of its event type
   * made in the period (null for other kinds); blocks in the editor's order, removed ones last.
   */
  blocks: z.array(
    z.object({
      componentId: z.string(),
      kind: z.enum(BLOCK_KINDS).nullable(),
      position: z.number().int().positive().nullable(),
      title: z.string().nullable(),
      clicks: count,
      bookings: count.nullable(),
    }),
  ),
});
export type PageFunnel = z.infer<typeof pageFunnelSchema>;
