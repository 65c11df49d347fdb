import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  API_TOKEN_DEFAULT_DAYS,
  API_TOKEN_MAX_DAYS,
  apiTokenListResponseSchema,
  apiTokenParams,
  apiTokenRequestSchema,
  createdApiTokenSchema,
} from "../../../core/api/tokens";
import { apiTokenCreator } from "../../commands/apiTokenCreator";
import { apiTokenRevoker } from "../../commands/apiTokenRevoker";
import { listApiTokens } from "../../data/apiTokens";
import type { Deps } from "../../deps";
import { requireAuth, requireUserId } from "../../plugins/auth";
import { errorResponses } from "../errorSchemas";
import { hostSecurity } from "../hostSecurity";
import { presentApiToken } from "./apiTokenPresenter";

/** Expiring API tokens for scripts and integrations; only their hash is stored. */
export async function tokenRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ["account"];

  app.get(
    "/me/tokens",
    {
      schema: {
        tags,
        summary: "The host's API tokens (without their secrets), with their expiry and last use",
        security: hostSecurity,
        response: { 200: apiTokenListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const rows = await listApiTokens(db, requireUserId(request));
      return { tokens: rows.map(presentApiToken) };
    },
  );

  app.post(
    "/me/tokens",
    {
      schema: {
        tags,
        summary: "Create an API token; its secret is shown this once",
        description: `Needs a verified email address. The token expires after \`expiresInDays\` (${API_TOKEN_DEFAULT_DAYS} unless given, at most ${API_TOKEN_MAX_DAYS}); a password change or reset ends it at once.`,
        security: hostSecurity,
        body: apiTokenRequestSchema,
        response: { 201: createdApiTokenSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const created = await apiTokenCreator(db, requireAuth(request), request.body, deps.clock());
      return reply.status(201).send({ ...presentApiToken(created.row), token: created.token });
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
      await apiTokenRevoker(db, requireUserId(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
