import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  bookingFeedParams,
  bookingFeedSchema,
  bookingFeedStatusSchema,
} from "../../../core/api/bookingFeed";
import { bookingFeedIcs } from "../../calendars/bookingFeedIcs";
import { bookingFeedDeleter } from "../../commands/bookingFeedDeleter";
import { bookingFeedIssuer } from "../../commands/bookingFeedIssuer";
import { bookingFeedCreatedAt } from "../../data/bookingFeeds";
import type { Deps } from "../../deps";
import { requireAuth, requireUserId } from "../../plugins/auth";
import { feedOwner } from "../../policies/bookingFeed";
import { errorResponses } from "../errorSchemas";
import { hostSecurity } from "../hostSecurity";

export async function bookingFeedRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ["calendar connections"];

  app.get(
    "/me/booking-feed",
    {
      schema: {
        tags,
        summary:
          "Whether the host's private ICS feed is on, and since when (its address is not shown again)",
        security: hostSecurity,
        response: { 200: bookingFeedStatusSchema, ...errorResponses },
      },
    },
    async (request) => {
      const createdAt = await bookingFeedCreatedAt(db, requireUserId(request));
      return { active: createdAt !== null, createdAt: createdAt?.toISOString() ?? null };
    },
  );

  app.post(
    "/me/booking-feed",
    {
      schema: {
        tags,
        summary:
          "Make a new private ICS feed address of the host's bookings (the earlier one stops working); shown only now. Needs a verified email address",
        security: hostSecurity,
        response: { 201: bookingFeedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const token = await bookingFeedIssuer(db, requireAuth(request), deps.clock());
      const url = `${deps.config.publicUrl}/api/booking-feed/${token}.ics`;
      return reply.status(201).send({ url });
    },
  );

  app.delete(
    "/me/booking-feed",
    {
      schema: {
        tags,
        summary: "Turn off the host's private ICS feed",
        security: hostSecurity,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await bookingFeedDeleter(db, requireUserId(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/booking-feed/:token",
    {
      schema: {
        tags,
        summary:
          "A host's confirmed bookings as an ICS feed, for calendars that can only subscribe; the address is the secret",
        params: bookingFeedParams,
      },
    },
    async (request, reply) => {
      const userId = await feedOwner(db, request.params.token);
      const ics = await bookingFeedIcs(db, userId, deps.config.publicUrl, deps.clock());
      return reply
        .type("text/calendar; charset=utf-8")
        .header("cache-control", "private, no-store")
        .send(ics);
    },
  );
}
