import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import {
  type BookingInsightsQuery,
  bookingHeatmapSchema,
  bookingInsightsQuery,
  bookingSummarySchema,
  bookingsByEventTypeSchema,
  bookingsByHostSchema,
  bookingsOverTimeQuery,
  bookingsOverTimeSchema,
  leadTimeSchema,
  pageFunnelSchema,
  routingInsightsSchema,
} from "../../../core/api/bookingInsights";
import { insightsQuery, insightsSchema } from "../../../core/api/insights";
import { teamParams } from "../../../core/api/teams";
import type { Deps } from "../../deps";
import { bookingHeatmap } from "../../insights/bookingHeatmap";
import type { LocalPeriod } from "../../insights/bookingSet";
import { bookingSummary } from "../../insights/bookingSummary";
import { bookingsByEventType } from "../../insights/bookingsByEventType";
import { bookingsByHost } from "../../insights/bookingsByHost";
import { bookingsOverTime } from "../../insights/bookingsOverTime";
import { leadTime } from "../../insights/leadTime";
import { pageFunnel } from "../../insights/pageFunnel";
import { routingInsights } from "../../insights/routingInsights";
import { findPageInsights } from "../../pages/pageInsights";
import { requireUserId } from "../../plugins/auth";
import {
  assertCanSeeBookingInsights,
  assertCanSeeOwnInsights,
  assertCanSeeRoutingInsights,
  assertCanSeeTeamInsights,
  type BookingScope,
} from "../../policies/insights";
import { errorResponses } from "../errorSchemas";
import { hostSecurity } from "../hostSecurity";

const description =
  "Counted from the public page's analytics pings: views (`profile_page_viewed`) and clicks (pings with a `component_id`) per day, clicks per block, top referrers and devices, over the `days` (7, 30 or 90) ending today, cut at midnight in the owner's time zone.";

/** The page insights of the caller's own page and of a team's page (its admins). */
export async function insightsRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ["insights"];

  app.get(
    "/insights",
    {
      schema: {
        tags,
        summary: "Insights of your public page",
        description,
        security: hostSecurity,
        querystring: insightsQuery,
        response: { 200: insightsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const owner = await assertCanSeeOwnInsights(db, requireUserId(request));
      return findPageInsights(db, { ...owner, days: request.query.days, now: deps.clock() });
    },
  );

  app.get(
    "/teams/:id/insights",
    {
      schema: {
        tags,
        summary: "Insights of a team's public page (team admins)",
        description: `${description} The days are the admin's time zone's.`,
        security: hostSecurity,
        params: teamParams,
        querystring: insightsQuery,
        response: { 200: insightsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const owner = await assertCanSeeTeamInsights(db, requireUserId(request), request.params.id);
      return findPageInsights(db, { ...owner, days: request.query.days, now: deps.clock() });
    },
  );

  const bookingDescription =
    "Counted in SQL over the meetings starting from `from` to `to` (both days included, cut at midnight in `timeZone`, by default the caller's): with `teamId` a team's event types' meetings (a plain member: only those they host), without it the meetings the caller hosts; `eventTypeId` and `hostId` narrow them. Unpaid holds are not counted.";
  // Each call's response schema filters what its read returns.
  const bookingCall = (
    path: string,
    summary: string,
    response: z.ZodType,
    read: (input: {
      filter: BookingScope;
      period: LocalPeriod;
      query: BookingInsightsQuery;
      now: Date;
    }) => Promise<unknown>,
  ) =>
    app.get(
      `/insights/bookings/${path}`,
      {
        schema: {
          tags,
          summary,
          description: bookingDescription,
          security: hostSecurity,
          querystring: bookingInsightsQuery,
          response: { 200: response, ...errorResponses },
        },
      },
      async (request) => {
        const { query } = request;
        const filter = await assertCanSeeBookingInsights(db, requireUserId(request), query);
        const period = { from: query.from, to: query.to, timeZone: filter.timeZone };
        return read({ filter, period, query, now: deps.clock() });
      },
    );

  bookingCall("summary", "Booking KPIs, with the period before", bookingSummarySchema, (input) =>
    bookingSummary(db, input.filter, input.period, input.now),
  );
  bookingCall("event-types", "Bookings per event type", bookingsByEventTypeSchema, (input) =>
    bookingsByEventType(db, input.filter, input.period),
  );
  bookingCall("hosts", "Bookings per host", bookingsByHostSchema, (input) =>
    bookingsByHost(db, input.filter, input.period),
  );
  bookingCall("lead-time", "How far ahead meetings were booked", leadTimeSchema, (input) =>
    leadTime(db, input.filter, input.period),
  );
  bookingCall(
    "heatmap",
    "Meetings per weekday and hour in each host's zone",
    bookingHeatmapSchema,
    (input) => bookingHeatmap(db, input.filter, input.period),
  );

  app.get(
    "/insights/bookings/over-time",
    {
      schema: {
        tags,
        summary: "Bookings per day, week or month",
        description: `${bookingDescription} Buckets are days, ISO weeks or months of \`timeZone\`.`,
        security: hostSecurity,
        querystring: bookingsOverTimeQuery,
        response: { 200: bookingsOverTimeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { query } = request;
      const filter = await assertCanSeeBookingInsights(db, requireUserId(request), query);
      const period = { from: query.from, to: query.to, timeZone: filter.timeZone };
      return bookingsOverTime(db, filter, period, query.bucket, deps.clock());
    },
  );

  app.get(
    "/insights/routing",
    {
      schema: {
        tags,
        summary: "Routing form submissions per route, and how many booked",
        description:
          "The submissions made in the period to the caller's routing forms, or with `teamId` a team's (its admins only), per form and route taken.",
        security: hostSecurity,
        querystring: bookingInsightsQuery,
        response: { 200: routingInsightsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { query } = request;
      const { owner, timeZone } = await assertCanSeeRoutingInsights(
        db,
        requireUserId(request),
        query,
      );
      const period = { from: query.from, to: query.to, timeZone };
      return routingInsights(db, owner, period, query.eventTypeId ?? null);
    },
  );

  app.get(
    "/insights/page-funnel",
    {
      schema: {
        tags,
        summary: "Profile page: visits, clicks and bookings per block",
        description:
          "The caller's public page, or with `teamId` a team's (its admins only): its views in the period, the clicks on each block, and for each event block the bookings of its event type made in the period.",
        security: hostSecurity,
        querystring: bookingInsightsQuery,
        response: { 200: pageFunnelSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { query } = request;
      const userId = requireUserId(request);
      const owner =
        query.teamId === undefined
          ? await assertCanSeeOwnInsights(db, userId)
          : await assertCanSeeTeamInsights(db, userId, query.teamId);
      const period = { from: query.from, to: query.to, timeZone: query.timeZone ?? owner.timeZone };
      return pageFunnel(db, { publicId: owner.publicId, page: owner.page, period });
    },
  );
}
