import { z } from "zod";

const engine = z.enum(["pglite", "postgres"]);

/** `GET /api/health`: the server answers and its database too. */
export const healthyResponseSchema = z.object({ status: z.literal("ok"), database: engine });

/** `GET /api/health` when the database does not answer (503). */
export const unhealthyResponseSchema = z.object({
  status: z.literal("unavailable"),
  database: engine,
});

/** `GET /api/ready`: migrations applied, the database answers, the server is not stopping. */
export const readyResponseSchema = z.object({ status: z.literal("ready"), database: engine });

/**
 * `GET /api/ready` answered 503: `migrating` while migrations are pending, `unavailable` when the
 * database does not answer, `stopping` from SIGTERM on (a load balancer sends no more requests).
 */
export const notReadyResponseSchema = z.object({
  status: z.enum(["migrating", "unavailable", "stopping"]),
  database: engine,
});
