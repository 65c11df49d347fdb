import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  hostInvitationListResponseSchema,
  hostInvitationParams,
  hostInvitationRequestSchema,
  hostInvitationResponseSchema,
} from "../../../core/api/hostInvitations";
import { hostInvitationRevoker } from "../../commands/hostInvitationRevoker";
import { hostInviter } from "../../commands/hostInviter";
import { listOpenHostInvitations } from "../../data/hostInvitations";
import { findUserById } from "../../data/users";
import type { Deps } from "../../deps";
import { requireUserId } from "../../plugins/auth";
import { assertInstanceOwner } from "../../policies/hostInvitations";
import { errorResponses } from "../errorSchemas";
import { hostSecurity } from "../hostSecurity";

const iso = <T extends { createdAt: Date; expiresAt: Date }>(row: T) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

/** The instance owner's invitations to sign up as a host (what SIGNUP=invite lets in). */
export async function hostInvitationRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ["hosts"];

  app.get(
    "/host-invitations",
    {
      schema: {
        tags,
        summary: "The owner's unanswered invitations to sign up as a host",
        security: hostSecurity,
        response: { 200: hostInvitationListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      assertInstanceOwner(await findUserById(db, requireUserId(request)));
      const rows = await listOpenHostInvitations(db, deps.clock());
      return { invitations: rows.map(iso) };
    },
  );

  app.post(
    "/host-invitations",
    {
      schema: {
        tags,
        summary: "Invite an address to sign up as a host (the instance's owner only)",
        description:
          "Mails a sign-up link bound to the address, valid for 7 days and once; a new invitation to the same address replaces the unanswered one.",
        security: hostSecurity,
        body: hostInvitationRequestSchema,
        response: { 201: hostInvitationResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const owner = await findUserById(db, userId);
      const { url, ...invitation } = await hostInviter(
        db,
        userId,
        { email: request.body.email, language: owner?.language ?? "en" },
        deps.config.publicUrl,
        deps.clock(),
      );
      return reply.status(201).send({ invitation: iso(invitation), url });
    },
  );

  app.delete(
    "/host-invitations/:id",
    {
      schema: {
        tags,
        summary: "Take back an unanswered host invitation: its link stops working",
        security: hostSecurity,
        params: hostInvitationParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await hostInvitationRevoker(db, requireUserId(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
