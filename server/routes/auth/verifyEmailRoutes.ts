import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { emailTokenSchema } from "../../../core/api/auth";
import { noticeResponseSchema } from "../../../core/api/me";
import { emailVerifier } from "../../commands/emailVerifier";
import { verificationResender } from "../../commands/verificationResender";
import type { Deps } from "../../deps";
import { requestLanguage } from "../../i18n/requestLanguage";
import { translator } from "../../i18n/serverI18n";
import { requireUserId } from "../../plugins/auth";
import { takeRateLimit } from "../../verification/rateLimit";
import { errorResponses } from "../errorSchemas";
import { hostSecurity } from "../hostSecurity";

/** New verification mails per account per hour (the sign-up's own mail not counted). */
export const VERIFICATION_RESENDS_PER_HOUR = 3;

/** The sign-up's email verification: following the mailed link, and asking for a new one. */
export async function verifyEmailRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.post(
    "/auth/verify-email",
    {
      schema: {
        tags: ["auth"],
        summary: "Verify the account's address with the token of the mailed link",
        description:
          "Until the address is verified, the account's pages and event types answer 404 and take no bookings.",
        body: emailTokenSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await emailVerifier(db, request.body.token, deps.clock());
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/auth/verify-email/resend",
    {
      schema: {
        tags: ["auth"],
        summary: "Mail the signed-in user a new verification link",
        security: hostSecurity,
        response: { 202: noticeResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const now = deps.clock();
      await takeRateLimit(
        db,
        `verify-email:user:${userId}`,
        VERIFICATION_RESENDS_PER_HOUR,
        3_600_000,
        now,
      );
      const user = await verificationResender(db, userId, deps.config.publicUrl, now);
      const t = translator(requestLanguage(request), "errors");
      return reply
        .status(202)
        .send({ message: t("account.verificationSent", { email: user.email }) });
    },
  );
}
