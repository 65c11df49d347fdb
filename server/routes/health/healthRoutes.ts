import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  healthyResponseSchema,
  notReadyResponseSchema,
  readyResponseSchema,
  unhealthyResponseSchema,
} from "../../../core/api/health";
import { ping } from "../../db/database";
import { migrationsApplied } from "../../db/migrate";
import type { Deps } from "../../deps";

export async function healthRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const database = deps.database.engine;
  app.get(
    "/health",
    {
      schema: {
        tags: ["system"],
        summary: "Liveness: the process answers and its database too",
        response: { 200: healthyResponseSchema, 503: unhealthyResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        await ping(deps.database);
        return { status: "ok" as const, database };
      } catch (error) {
        request.log.error({ err: error }, "database ping failed");
        return reply.status(503).send({ status: "unavailable" as const, database });
      }
    },
  );
  app.get(
    "/ready",
    {
      schema: {
        tags: ["system"],
        summary: "Readiness: migrations applied, the database answers, not shutting down",
        response: { 200: readyResponseSchema, 503: notReadyResponseSchema },
      },
    },
    async (request, reply) => {
      if (deps.lifecycle?.stopping) {
        return reply.status(503).send({ status: "stopping" as const, database });
      }
      let migrated: boolean;
      try {
        migrated = await migrationsApplied(deps.database);
      } catch (error) {
        request.log.warn({ err: error }, "readiness: the database does not answer");
        return reply.status(503).send({ status: "unavailable" as const, database });
      }
      if (!migrated) return reply.status(503).send({ status: "migrating" as const, database });
      return { status: "ready" as const, database };
    },
  );
}
