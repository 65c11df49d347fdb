import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  webhookCreateSchema,
  webhookDeliveryListSchema,
  webhookDeliveryParams,
  webhookDeliverySchema,
  webhookListResponseSchema,
  webhookParams,
  webhookSchema,
  webhookUpdateSchema,
  webhookWithSecretSchema,
} from "../../../core/api/webhooks";
import { webhookCreator } from "../../commands/webhookCreator";
import { webhookDeleter } from "../../commands/webhookDeleter";
import { webhookDeliveryResender } from "../../commands/webhookDeliveryResender";
import { webhookPinger } from "../../commands/webhookPinger";
import { webhookUpdater } from "../../commands/webhookUpdater";
import { adminTeams, listDeliveries, listWebhooks, type WebhookRow } from "../../data/webhooks";
import type { Db } from "../../db/database";
import type { Deps } from "../../deps";
import { requireUserId } from "../../plugins/auth";
import { loadManagedWebhook } from "../../policies/webhooks";
import { errorResponses } from "../errorSchemas";
import { hostSecurity } from "../hostSecurity";
import { presentDelivery, presentWebhook } from "./webhookPresenter";

async function teamNamesOf(db: Db, userId: string) {
  const teams = await adminTeams(db, userId);
  return { teams, names: new Map(teams.map((team) => [team.id, team.name])) };
}

export async function webhookRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ["webhooks"];
  const options = () => ({
    allowPrivate: deps.config.webhookAllowPrivate,
    encryptionKey: deps.config.encryptionKey,
    now: deps.clock(),
  });
  const present = async (userId: string, row: WebhookRow) =>
    presentWebhook(row, (await teamNamesOf(db, userId)).names);

  app.get(
    "/webhooks",
    {
      schema: {
        tags,
        summary:
          "The signed-in host's webhook subscriptions and those of the teams they administer",
        security: hostSecurity,
        response: { 200: webhookListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { teams, names } = await teamNamesOf(db, userId);
      const rows = await listWebhooks(
        db,
        userId,
        teams.map((team) => team.id),
      );
      return { webhooks: rows.map((row) => presentWebhook(row, names)), teams };
    },
  );

  app.post(
    "/webhooks",
    {
      schema: {
        tags,
        summary:
          "Subscribe a URL to events (for a team: its admins); the answer carries the signing secret, the only time it is shown. Needs a verified email address",
        description:
          "Deliveries are POSTs of a JSON body (see the Webhook payload schema) signed in the `Slotted-Signature` header; docs/webhooks.md tells how to check it.",
        security: hostSecurity,
        body: webhookCreateSchema,
        response: { 201: webhookWithSecretSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const row = await webhookCreator(db, userId, request.body, options());
      return reply.status(201).send({ ...(await present(userId, row)), secret: row.secret });
    },
  );

  app.get(
    "/webhooks/:id",
    {
      schema: {
        tags,
        summary: "One webhook subscription",
        security: hostSecurity,
        params: webhookParams,
        response: { 200: webhookSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      return present(userId, await loadManagedWebhook(db, userId, request.params.id));
    },
  );

  app.patch(
    "/webhooks/:id",
    {
      schema: {
        tags,
        summary:
          "Change a subscription's URL (needs a verified email address) or events, pause or resume it, or rotate its secret (the answer then carries the new one, once)",
        security: hostSecurity,
        params: webhookParams,
        body: webhookUpdateSchema,
        response: {
          200: z.union([webhookWithSecretSchema, webhookSchema]),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { row, rotated } = await webhookUpdater(
        db,
        userId,
        request.params.id,
        request.body,
        options(),
      );
      const shown = await present(userId, row);
      return rotated ? { ...shown, secret: row.secret } : shown;
    },
  );

  app.delete(
    "/webhooks/:id",
    {
      schema: {
        tags,
        summary: "Delete a subscription, its delivery log and its waiting deliveries",
        security: hostSecurity,
        params: webhookParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await webhookDeleter(db, requireUserId(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/webhooks/:id/deliveries",
    {
      schema: {
        tags,
        summary:
          "A subscription's latest 100 deliveries, newest first: event, status, the last attempt's status code, duration and first bytes of the answer",
        security: hostSecurity,
        params: webhookParams,
        response: { 200: webhookDeliveryListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const hook = await loadManagedWebhook(db, userId, request.params.id);
      return { deliveries: (await listDeliveries(db, hook.id)).map(presentDelivery) };
    },
  );

  app.post(
    "/webhooks/:id/deliveries/:deliveryId/resend",
    {
      schema: {
        tags,
        summary: "Send a delivery again (same body and event id, a new delivery id)",
        security: hostSecurity,
        params: webhookDeliveryParams,
        response: { 202: webhookDeliverySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { id, deliveryId } = request.params;
      const row = await webhookDeliveryResender(db, userId, id, deliveryId, deps.clock());
      return reply.status(202).send(presentDelivery(row));
    },
  );

  app.post(
    "/webhooks/:id/ping",
    {
      schema: {
        tags,
        summary:
          "Send a test `ping` event to the subscription's URL. Needs a verified email address",
        security: hostSecurity,
        params: webhookParams,
        response: { 202: webhookDeliverySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const row = await webhookPinger(db, userId, request.params.id, deps.clock());
      return reply.status(202).send(presentDelivery(row));
    },
  );
}
