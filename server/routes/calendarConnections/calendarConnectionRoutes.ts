import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  type CalendarConnectionResponse,
  calendarConnectionCreateSchema,
  calendarConnectionListSchema,
  calendarConnectionParams,
  calendarConnectionSchema,
  calendarConnectionUpdateSchema,
} from "../../../core/api/calendarConnections";
import type { SyncContext } from "../../calendars/syncConnection";
import { calendarConnectionCreator } from "../../commands/calendarConnectionCreator";
import { calendarConnectionDeleter } from "../../commands/calendarConnectionDeleter";
import { calendarConnectionSyncer } from "../../commands/calendarConnectionSyncer";
import { calendarConnectionUpdater } from "../../commands/calendarConnectionUpdater";
import { calendarDeletionCanceller } from "../../commands/calendarDeletionCanceller";
import { listCalendarConnections } from "../../data/calendarConnections";
import type { Db } from "../../db/database";
import type { Deps } from "../../deps";
import { requireUserId } from "../../plugins/auth";
import { loadOwnedCalendarConnection } from "../../policies/calendarConnections";
import { errorResponses } from "../errorSchemas";
import { hostSecurity } from "../hostSecurity";
import { presentCalendarConnection } from "./calendarConnectionPresenter";

async function presentOne(db: Db, userId: string, id: string): Promise<CalendarConnectionResponse> {
  const row = (await listCalendarConnections(db, userId)).find((c) => c.id === id);
  return presentCalendarConnection(row!);
}

export async function calendarConnectionRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ["calendar connections"];
  const context = (): SyncContext => ({
    db,
    encryptionKey: deps.config.encryptionKey,
    allowPrivate: deps.config.calendarAllowPrivate,
    publicUrl: deps.config.publicUrl,
    google: deps.config.google,
    microsoft: deps.config.microsoft,
    zoom: deps.config.zoom,
    cancelBooking: calendarDeletionCanceller(db, deps.config.publicUrl),
    now: deps.clock(),
  });

  app.get(
    "/calendar-connections",
    {
      schema: {
        tags,
        summary: "The signed-in host's calendar connections, their calendars and sync health",
        security: hostSecurity,
        response: { 200: calendarConnectionListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const rows = await listCalendarConnections(db, requireUserId(request));
      return {
        connections: rows.map(presentCalendarConnection),
        oauthProviders: [
          ...(deps.config.google === null ? [] : ["GOOGLE" as const]),
          ...(deps.config.microsoft === null ? [] : ["MICROSOFT" as const]),
          ...(deps.config.zoom === null ? [] : ["ZOOM" as const]),
        ],
      };
    },
  );

  app.post(
    "/calendar-connections",
    {
      schema: {
        tags,
        summary:
          "Connect a CalDAV account (its calendars are discovered) or subscribe to an ICS feed; the credentials are stored encrypted and never returned. Needs a verified email address",
        security: hostSecurity,
        body: calendarConnectionCreateSchema,
        response: { 201: calendarConnectionSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const row = await calendarConnectionCreator(context(), userId, request.body);
      return reply.status(201).send(await presentOne(db, userId, row.id));
    },
  );

  app.get(
    "/calendar-connections/:id",
    {
      schema: {
        tags,
        summary: "One calendar connection and its sync status",
        security: hostSecurity,
        params: calendarConnectionParams,
        response: { 200: calendarConnectionSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      await loadOwnedCalendarConnection(db, userId, request.params.id);
      return presentOne(db, userId, request.params.id);
    },
  );

  app.patch(
    "/calendar-connections/:id",
    {
      schema: {
        tags,
        summary:
          "Choose which calendars count as busy and which one receives bookings, rename, or set what happens while it fails",
        security: hostSecurity,
        params: calendarConnectionParams,
        body: calendarConnectionUpdateSchema,
        response: { 200: calendarConnectionSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      await calendarConnectionUpdater(context(), userId, request.params.id, request.body);
      return presentOne(db, userId, request.params.id);
    },
  );

  app.post(
    "/calendar-connections/:id/sync",
    {
      schema: {
        tags,
        summary: "Read the connection's calendars now; answers the connection with its new status",
        security: hostSecurity,
        params: calendarConnectionParams,
        response: { 200: calendarConnectionSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      await calendarConnectionSyncer(context(), userId, request.params.id);
      return presentOne(db, userId, request.params.id);
    },
  );

  app.delete(
    "/calendar-connections/:id",
    {
      schema: {
        tags,
        summary: "Disconnect a calendar: its busy time stops blocking at once",
        security: hostSecurity,
        params: calendarConnectionParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await calendarConnectionDeleter(db, requireUserId(request), request.params.id, {
        google: deps.config.google,
        microsoft: deps.config.microsoft,
        zoom: deps.config.zoom,
        db,
        encryptionKey: deps.config.encryptionKey,
        clock: deps.clock,
      });
      return reply.status(204).send(null);
    },
  );
}
