import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { meResponseSchema, meUpdateSchema } from "../../../core/api/me";
import { DomainError } from "../../../core/errors";
import { message } from "../../../core/messages";
import { meUpdater } from "../../commands/meUpdater";
import { colorLockOfUser } from "../../data/teams";
import { findProfileOfUser, findUserById } from "../../data/users";
import type { Deps } from "../../deps";
import { requireUserId } from "../../plugins/auth";
import { errorResponses } from "../errorSchemas";
import { hostSecurity } from "../hostSecurity";
import { presentProfile, presentUser } from "./userPresenter";

const meResponse = meResponseSchema;

export async function meRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    "/me",
    {
      schema: {
        tags: ["account"],
        summary: "The signed-in user and their Profile settings",
        security: hostSecurity,
        response: { 200: meResponse, ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const [user, profile, colorsLockedBy] = await Promise.all([
        findUserById(db, userId),
        findProfileOfUser(db, userId),
        colorLockOfUser(db, userId),
      ]);
      if (!user || !profile) throw new DomainError("UNAUTHENTICATED", message("auth.signIn"));
      return { user: presentUser(user), profile: presentProfile(profile), colorsLockedBy };
    },
  );

  app.patch(
    "/me",
    {
      schema: {
        tags: ["account"],
        summary: "Change the user and their Profile settings",
        security: hostSecurity,
        body: meUpdateSchema,
        response: { 200: meResponse, ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { user, profile } = await meUpdater(db, userId, request.body, deps.clock());
      const colorsLockedBy = await colorLockOfUser(db, userId);
      return { user: presentUser(user), profile: presentProfile(profile), colorsLockedBy };
    },
  );
}
