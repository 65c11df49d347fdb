import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { analyticsPingQuery } from "../../../core/api/analytics";
import { pageViews } from "../../db/schema";
import type { Deps } from "../../deps";

// Pings are fire-and-forget from public pages; a browser sends a handful per page view.
const PINGS_PER_MINUTE = 120;

// Anything too long is cut, not refused: a ping never fails because of its content.
const pingQuery = analyticsPingQuery;

/** `GET /api/analytics`: stores a page-analytics ping in page_views; always 204. */
export async function analyticsRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  await app.register(rateLimit, { global: false });

  app.get(
    "/analytics",
    {
      schema: {
        tags: ["public"],
        summary:
          "Record a page-analytics ping (public_id, action, device, component_id, referrer, socials); answers 204 whatever happens",
        querystring: pingQuery,
        response: { 204: z.null() },
      },
      config: { rateLimit: { max: PINGS_PER_MINUTE, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const ping = request.query;
      if (ping.public_id && ping.action) {
        try {
          await deps.database.db.insert(pageViews).values({
            publicId: ping.public_id,
            action: ping.action,
            device: ping.device,
            componentId: ping.component_id,
            referrer: ping.referrer,
            socials: ping.socials,
            // The server's clock, which insights count by, not the database's.
            createdAt: deps.clock(),
          });
        } catch (error) {
          // Analytics must never fail a page; a lost ping is logged, not reported.
          request.log.warn({ err: error }, "could not store a page-analytics ping");
        }
      }
      return reply.status(204).header("cache-control", "no-store").send(null);
    },
  );
}
