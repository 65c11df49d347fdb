import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  type OutOfOfficeResponse,
  outOfOfficeCreateSchema,
  outOfOfficeListResponseSchema,
  outOfOfficeParams,
  outOfOfficeSchema,
  outOfOfficeUpdateSchema,
} from "../../../core/api/outOfOffice";
import { outOfOfficeCreator } from "../../commands/outOfOfficeCreator";
import { outOfOfficeDeleter } from "../../commands/outOfOfficeDeleter";
import { outOfOfficeUpdater } from "../../commands/outOfOfficeUpdater";
import {
  listColleagues,
  listOutOfOffice,
  type OutOfOfficeWithColleague,
} from "../../data/outOfOffice";
import type { Db } from "../../db/database";
import type { Deps } from "../../deps";
import { requireUserId } from "../../plugins/auth";
import { errorResponses } from "../errorSchemas";
import { hostSecurity } from "../hostSecurity";

function present(row: OutOfOfficeWithColleague): OutOfOfficeResponse {
  return {
    id: row.id,
    startDate: row.startDate,
    endDate: row.endDate,
    note: row.note,
    colleague: row.colleague,
    createdAt: row.createdAt.toISOString(),
  };
}

async function presentOne(db: Db, userId: string, id: string): Promise<OutOfOfficeResponse> {
  const row = (await listOutOfOffice(db, userId)).find((period) => period.id === id);
  return present(row!);
}

export async function outOfOfficeRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ["out of office"];

  app.get(
    "/out-of-office",
    {
      schema: {
        tags,
        summary: "The signed-in host's out-of-office periods and the colleagues they may name",
        security: hostSecurity,
        response: { 200: outOfOfficeListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const [periods, colleagues] = await Promise.all([
        listOutOfOffice(db, userId),
        listColleagues(db, userId),
      ]);
      return { periods: periods.map(present), colleagues };
    },
  );

  app.post(
    "/out-of-office",
    {
      schema: {
        tags,
        summary:
          "Mark days as out of office (whole days in the host's zone), optionally naming a colleague from one of the host's teams",
        security: hostSecurity,
        body: outOfOfficeCreateSchema,
        response: { 201: outOfOfficeSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const row = await outOfOfficeCreator(db, userId, request.body);
      return reply.status(201).send(await presentOne(db, userId, row.id));
    },
  );

  app.patch(
    "/out-of-office/:id",
    {
      schema: {
        tags,
        summary: "Change an out-of-office period",
        security: hostSecurity,
        params: outOfOfficeParams,
        body: outOfOfficeUpdateSchema,
        response: { 200: outOfOfficeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const row = await outOfOfficeUpdater(db, userId, request.params.id, request.body);
      return presentOne(db, userId, row.id);
    },
  );

  app.delete(
    "/out-of-office/:id",
    {
      schema: {
        tags,
        summary: "Delete an out-of-office period",
        security: hostSecurity,
        params: outOfOfficeParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await outOfOfficeDeleter(db, requireUserId(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
