import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  hostPhoneResponseSchema,
  phoneRequestSchema,
  phoneVerifySchema,
} from "../../../core/api/phone";
import { DomainError } from "../../../core/errors";
import { message } from "../../../core/messages";
import { hostPhoneCodeSender } from "../../commands/hostPhoneCodeSender";
import { hostPhoneVerifier } from "../../commands/hostPhoneVerifier";
import { findUserById } from "../../data/users";
import type { Deps } from "../../deps";
import { requireUserId } from "../../plugins/auth";
import { readHostPhone, removeHostPhone } from "../../sms/hostPhones";
import { smsProviderOf } from "../../sms/smsProviderOf";
import { readHostSmsUsage } from "../../sms/smsUsage";
import { takeRateLimit } from "../../verification/rateLimit";
import { errorResponses, errorSchema } from "../errorSchemas";
import { hostSecurity } from "../hostSecurity";
import { presentHostPhone } from "./phonePresenter";

/** Codes one account may have texted per hour, and one client address. */
export const PHONE_CODES_PER_USER_PER_HOUR = 5;
export const PHONE_CODES_PER_IP_PER_HOUR = 20;
/** Code checks one account may make per hour (each code also takes 5 tries at most). */
export const PHONE_CHECKS_PER_USER_PER_HOUR = 20;
const HOUR_MS = 3_600_000;

/** The host's own number for workflow texts to themselves, verified by a texted code. */
export async function phoneRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ["account"];
  const provider = smsProviderOf(deps.config);

  async function present(userId: string, now: Date) {
    return presentHostPhone(
      await readHostPhone(db, userId),
      {
        configured: provider !== null,
        usage: await readHostSmsUsage(db, userId, now),
        limit: deps.config.smsLimits.perHostMonth,
      },
      now,
    );
  }

  app.get(
    "/me/phone",
    {
      schema: {
        tags,
        summary: "The host's verified number for texts to themselves, and this month's SMS use",
        description:
          "Use is counted in SMS segments (the 160/153 or 70/67-character parts carriers bill) per calendar month in UTC; `limit` is SMS_LIMIT_PER_HOST_MONTH.",
        security: hostSecurity,
        response: { 200: hostPhoneResponseSchema, ...errorResponses },
      },
    },
    async (request) => present(requireUserId(request), deps.clock()),
  );

  app.put(
    "/me/phone",
    {
      schema: {
        tags,
        summary: "Text a verification code to the number the host wants their own texts at",
        description: `The number must be international (+ and country code). The code has 6 digits, lasts 10 minutes and takes 5 tries; another may be sent after 60 seconds, at most ${PHONE_CODES_PER_USER_PER_HOUR} per hour. A verified number stays in use until the new one is confirmed. 404 when texts are not set up on this server.`,
        security: hostSecurity,
        body: phoneRequestSchema,
        response: { 200: hostPhoneResponseSchema, ...errorResponses, 503: errorSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const now = deps.clock();
      if (provider === null) throw new DomainError("NOT_FOUND", message("phone.notConfigured"));
      const tooMany = message("phone.tooMany");
      await takeRateLimit(
        db,
        `phone-code:ip:${request.ip}`,
        PHONE_CODES_PER_IP_PER_HOUR,
        HOUR_MS,
        now,
        tooMany,
      );
      await takeRateLimit(
        db,
        `phone-code:user:${userId}`,
        PHONE_CODES_PER_USER_PER_HOUR,
        HOUR_MS,
        now,
        tooMany,
      );
      const user = await findUserById(db, userId);
      await hostPhoneCodeSender(
        {
          db,
          secret: deps.config.sessionSecret,
          provider,
          limits: deps.config.smsLimits,
          publicUrl: deps.config.publicUrl,
          now,
        },
        { userId, language: user?.language ?? "en" },
        request.body.phone,
      );
      return present(userId, now);
    },
  );

  app.post(
    "/me/phone/verify",
    {
      schema: {
        tags,
        summary: "Confirm the pending number with the texted code",
        description:
          "422 (field `code`) for a wrong code, or one that expired, was used or was tried 5 times.",
        security: hostSecurity,
        body: phoneVerifySchema,
        response: { 200: hostPhoneResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const now = deps.clock();
      await takeRateLimit(
        db,
        `phone-check:user:${userId}`,
        PHONE_CHECKS_PER_USER_PER_HOUR,
        HOUR_MS,
        now,
      );
      await hostPhoneVerifier(
        { db, secret: deps.config.sessionSecret, now },
        userId,
        request.body.code,
      );
      return present(userId, now);
    },
  );

  app.delete(
    "/me/phone",
    {
      schema: {
        tags,
        summary: "Remove the host's number: texts to the host stop",
        security: hostSecurity,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await removeHostPhone(db, requireUserId(request));
      return reply.status(204).send(null);
    },
  );
}
