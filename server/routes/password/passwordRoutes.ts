import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  passwordChangeSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
} from "../../../core/api/auth";
import { noticeResponseSchema } from "../../../core/api/me";
import { DomainError } from "../../../core/errors";
import {
  assertNotThrottled,
  clearFailures,
  recordFailure,
  windowThrottleKey,
} from "../../auth/loginThrottle";
import { passwordChanger } from "../../commands/passwordChanger";
import { passwordResetRequester } from "../../commands/passwordResetRequester";
import { passwordResetter } from "../../commands/passwordResetter";
import type { Deps } from "../../deps";
import { requestLanguage } from "../../i18n/requestLanguage";
import { translator } from "../../i18n/serverI18n";
import { requireUserId } from "../../plugins/auth";
import { takeRateLimit } from "../../verification/rateLimit";
import { errorResponses } from "../errorSchemas";
import { hostSecurity } from "../hostSecurity";

const RESET_REQUESTS_PER_IP_PER_HOUR = 20;
/** Someone with a real link needs a few tries at most; more is guessing or a flood. */
const RESET_CONFIRMS_PER_IP_PER_HOUR = 20;

export async function passwordRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ["auth"];

  app.post(
    "/auth/password-reset",
    {
      schema: {
        tags,
        summary: "Ask for a password-reset link by mail",
        description:
          "Always answers 202, whether or not an account uses the address, so the answer tells nothing about who has an account.",
        body: passwordResetRequestSchema,
        response: { 202: noticeResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const now = deps.clock();
      await takeRateLimit(
        db,
        `password-reset:ip:${request.ip}`,
        RESET_REQUESTS_PER_IP_PER_HOUR,
        3_600_000,
        now,
      );
      await passwordResetRequester(db, request.body.email, deps.config.publicUrl, now);
      const t = translator(requestLanguage(request), "errors");
      return reply.status(202).send({ message: t("auth.resetRequested") });
    },
  );

  app.post(
    "/auth/password-reset/confirm",
    {
      schema: {
        tags,
        summary:
          "Set a new password with the token of a reset link; ends every session, API token, booking feed and pending email change, and counts the address as verified",
        body: passwordResetConfirmSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const now = deps.clock();
      await takeRateLimit(
        db,
        `password-reset-confirm:ip:${request.ip}`,
        RESET_CONFIRMS_PER_IP_PER_HOUR,
        3_600_000,
        now,
      );
      await passwordResetter(db, request.body.token, request.body.password, now);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/me/password",
    {
      schema: {
        tags: ["account"],
        summary:
          "Change the password (needs the current one); the session or token making the change stays, every other session, API token, booking feed and pending email change ends",
        security: hostSecurity,
        body: passwordChangeSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const now = deps.clock();
      const keys = [windowThrottleKey(`password:user:${userId}`)];
      await assertNotThrottled(db, keys, now);
      try {
        await passwordChanger(db, userId, request.auth!.tokenId, request.body, now);
      } catch (error) {
        if (error instanceof DomainError && error.code === "VALIDATION") {
          await recordFailure(db, keys, now);
        }
        throw error;
      }
      await clearFailures(db, keys);
      return reply.status(204).send(null);
    },
  );
}
