import { z } from "zod";

const engine = z.enum(["pglite", "postgres"]);

/** `GET /api/health`: the server answers and its database too. */
export const healthyResponseSchema = z.object({ status: z.literal("ok"), database: engine });

/** `GET /api/health` when the database does not answer (503). */
export const unhealthyResponseSchema = z.object({
  status: z.literal("unavailable"),
  database: engine,
});
