import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  scheduleListResponseSchema,
  scheduleParams,
  scheduleResponseSchema,
  scheduleSchema,
  scheduleUpdateSchema,
} from "../../../core/api/schedules";
import { scheduleCreator } from "../../commands/scheduleCreator";
import { scheduleDeleter } from "../../commands/scheduleDeleter";
import { scheduleUpdater } from "../../commands/scheduleUpdater";
import { findSchedule, listSchedules } from "../../data/schedules";
import type { Deps } from "../../deps";
import { requireUserId } from "../../plugins/auth";
import { assertCanManageSchedule } from "../../policies/schedules";
import { errorResponses } from "../errorSchemas";
import { hostSecurity } from "../hostSecurity";
import { presentSchedule } from "./schedulePresenter";

const params = scheduleParams;

export async function scheduleRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ["schedules"];

  app.get(
    "/schedules",
    {
      schema: {
        tags,
        summary: "The signed-in host's schedules",
        security: hostSecurity,
        response: { 200: scheduleListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const rows = await listSchedules(db, requireUserId(request));
      return { schedules: rows.map(presentSchedule) };
    },
  );

  app.post(
    "/schedules",
    {
      schema: {
        tags,
        summary: "Create a schedule (weekly intervals and date overrides in an IANA zone)",
        security: hostSecurity,
        body: scheduleSchema,
        response: { 201: scheduleResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await scheduleCreator(db, requireUserId(request), request.body);
      return reply.status(201).send(presentSchedule(row));
    },
  );

  app.get(
    "/schedules/:id",
    {
      schema: {
        tags,
        summary: "One schedule",
        security: hostSecurity,
        params,
        response: { 200: scheduleResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const row = await findSchedule(db, request.params.id);
      return presentSchedule(assertCanManageSchedule(requireUserId(request), row));
    },
  );

  app.patch(
    "/schedules/:id",
    {
      schema: {
        tags,
        summary: "Change a schedule",
        security: hostSecurity,
        params,
        body: scheduleUpdateSchema,
        response: { 200: scheduleResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const row = await scheduleUpdater(
        db,
        requireUserId(request),
        request.params.id,
        request.body,
      );
      return presentSchedule(row);
    },
  );

  app.delete(
    "/schedules/:id",
    {
      schema: {
        tags,
        summary: "Delete a schedule",
        security: hostSecurity,
        params,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await scheduleDeleter(db, requireUserId(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
