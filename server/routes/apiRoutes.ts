import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps";
import { authRoutes } from "./auth/authRoutes";
import { eventTypeRoutes } from "./eventTypes/eventTypeRoutes";
import { healthRoutes } from "./health/healthRoutes";
import { meRoutes } from "./me/meRoutes";
import { scheduleRoutes } from "./schedules/scheduleRoutes";
import { teamRoutes } from "./teams/teamRoutes";
import { tokenRoutes } from "./tokens/tokenRoutes";

/** Everything under /api, with a JSON 404 for unknown API paths. */
export async function apiRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `No route ${request.method} ${request.url.split("?")[0]}` });
  });
  for (const routes of [
    healthRoutes,
    authRoutes,
    meRoutes,
    scheduleRoutes,
    eventTypeRoutes,
    teamRoutes,
    tokenRoutes,
  ]) {
    await app.register(routes, { deps });
  }
}
