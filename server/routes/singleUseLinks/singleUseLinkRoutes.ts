import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { eventTypeParams } from "../../../core/api/eventTypes";
import {
  singleUseLinkListQuery,
  singleUseLinkListResponseSchema,
  singleUseLinkParams,
  singleUseLinkSchema,
} from "../../../core/api/singleUseLinks";
import { singleUseLinkCreator } from "../../commands/singleUseLinkCreator";
import { singleUseLinkRevoker } from "../../commands/singleUseLinkRevoker";
import { listSingleUseLinks, type SingleUseLinkRow } from "../../data/singleUseLinks";
import type { Deps } from "../../deps";
import { requireUserId } from "../../plugins/auth";
import { assertCanManageSingleUseLinks } from "../../policies/singleUseLinks";
import { errorResponses } from "../errorSchemas";
import { hostSecurity } from "../hostSecurity";

const params = eventTypeParams;

export async function singleUseLinkRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ["event types"];

  const present = (row: SingleUseLinkRow) => ({
    id: row.id,
    link: row.token,
    url: `${deps.config.publicUrl}/S/${row.token}`,
    createdAt: row.createdAt.toISOString(),
    usedAt: row.usedAt?.toISOString() ?? null,
    eventId: row.eventId,
  });

  app.post(
    "/event-types/:id/single-use-links",
    {
      schema: {
        tags,
        summary: "Create a link that books the event type once",
        security: hostSecurity,
        params,
        response: { 201: singleUseLinkSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await singleUseLinkCreator(db, requireUserId(request), request.params.id);
      return reply.status(201).send(present(row));
    },
  );

  app.get(
    "/event-types/:id/single-use-links",
    {
      schema: {
        tags,
        summary: "The event type's single-use links, used and unused, newest first",
        security: hostSecurity,
        params,
        querystring: singleUseLinkListQuery,
        response: { 200: singleUseLinkListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await assertCanManageSingleUseLinks(db, requireUserId(request), request.params.id);
      const { status } = request.query;
      const rows = (await listSingleUseLinks(db, request.params.id)).filter(
        (row) => status === "all" || (row.usedAt !== null) === (status === "used"),
      );
      return { links: rows.map(present) };
    },
  );

  app.delete(
    "/event-types/:id/single-use-links/:linkId",
    {
      schema: {
        tags,
        summary: "Revoke an unused single-use link",
        security: hostSecurity,
        params: singleUseLinkParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id, linkId } = request.params;
      await singleUseLinkRevoker(db, requireUserId(request), id, linkId);
      return reply.status(204).send(null);
    },
  );
}
