import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  apiTokenListResponseSchema,
  apiTokenParams,
  apiTokenRequestSchema,
  createdApiTokenSchema,
} from "../../../core/api/tokens";
import { newSecret, tokenHash } from "../../auth/secrets";
import { authTokens } from "../../db/schema";
import type { Deps } from "../../deps";
import { requireUserId } from "../../plugins/auth";
import { assertCanCreateApiToken, assertCanRevokeApiToken } from "../../policies/tokens";
import { errorResponses } from "../errorSchemas";
import { hostSecurity } from "../hostSecurity";

/** Long-lived API tokens for scripts and integrations; only their hash is stored. */
export async function tokenRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ["account"];
  const ownApiTokens = (userId: string) =>
    and(eq(authTokens.userId, userId), eq(authTokens.kind, "api"));

  app.get(
    "/me/tokens",
    {
      schema: {
        tags,
        summary: "The host's API tokens (without their secrets)",
        security: hostSecurity,
        response: { 200: apiTokenListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(authTokens)
        .where(ownApiTokens(requireUserId(request)))
        .orderBy(desc(authTokens.createdAt));
      return {
        tokens: rows.map((row) => ({
          id: row.id,
          name: row.name ?? "",
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    "/me/tokens",
    {
      schema: {
        tags,
        summary: "Create an API token; its secret is shown this once",
        security: hostSecurity,
        body: apiTokenRequestSchema,
        response: { 201: createdApiTokenSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const existing = await db
        .select({ id: authTokens.id })
        .from(authTokens)
        .where(ownApiTokens(userId));
      assertCanCreateApiToken(existing.length);
      const token = newSecret();
      const [row] = await db
        .insert(authTokens)
        .values({ userId, kind: "api", name: request.body.name, tokenHash: tokenHash(token) })
        .returning();
      return reply.status(201).send({
        id: row!.id,
        name: row!.name ?? "",
        createdAt: row!.createdAt.toISOString(),
        token,
      });
    },
  );

  app.delete(
    "/me/tokens/:id",
    {
      schema: {
        tags,
        summary: "Revoke an API token",
        security: hostSecurity,
        params: apiTokenParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const [token] = await db
        .select({ userId: authTokens.userId, kind: authTokens.kind })
        .from(authTokens)
        .where(eq(authTokens.id, request.params.id))
        .limit(1);
      assertCanRevokeApiToken(requireUserId(request), token ?? null);
      await db.delete(authTokens).where(eq(authTokens.id, request.params.id));
      return reply.status(204).send(null);
    },
  );
}
