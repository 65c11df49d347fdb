import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { healthyResponseSchema, unhealthyResponseSchema } from "../../../core/api/health";
import { ping } from "../../db/database";
import type { Deps } from "../../deps";

export async function healthRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/health",
    {
      schema: {
        tags: ["system"],
        summary: "Liveness and database check",
        response: { 200: healthyResponseSchema, 503: unhealthyResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        await ping(deps.database);
        return { status: "ok" as const, database: deps.database.engine };
      } catch (error) {
        request.log.error({ err: error }, "database ping failed");
        return reply
          .status(503)
          .send({ status: "unavailable" as const, database: deps.database.engine });
      }
    },
  );
}
