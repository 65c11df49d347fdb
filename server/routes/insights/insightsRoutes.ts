import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { insightsQuery, insightsSchema } from "../../../core/api/insights";
import { teamParams } from "../../../core/api/teams";
import type { Deps } from "../../deps";
import { findPageInsights } from "../../pages/pageInsights";
import { requireUserId } from "../../plugins/auth";
import { assertCanSeeOwnInsights, assertCanSeeTeamInsights } from "../../policies/insights";
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
}
