import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  emailChangeSchema,
  emailTokenSchema,
  noticeResponseSchema,
  userResponseSchema,
} from "../../../core/api/me";
import { emailChangeRequester } from "../../commands/emailChangeRequester";
import { emailChanger } from "../../commands/emailChanger";
import type { Deps } from "../../deps";
import { requestLanguage } from "../../i18n/requestLanguage";
import { translator } from "../../i18n/serverI18n";
import { requireUserId } from "../../plugins/auth";
import { takeRateLimit } from "../../verification/rateLimit";
import { errorResponses } from "../errorSchemas";
import { hostSecurity } from "../hostSecurity";
import { presentUser } from "./userPresenter";

/** Email-change requests per account per hour, wrong passwords included. */
export const EMAIL_CHANGES_PER_HOUR = 5;

/** Changing the account's address: asked for with the password, done by the mailed link. */
export async function emailRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.post(
    "/me/email",
    {
      schema: {
        tags: ["account"],
        summary: "Ask to change the email address: mails a confirmation link to the new one",
        description:
          "Needs the current password. The old address gets a notice. Answers 202 alike whether or not another account uses the new address, so the answer tells nothing about who has an account.",
        security: hostSecurity,
        body: emailChangeSchema,
        response: { 202: noticeResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const now = deps.clock();
      await takeRateLimit(
        db,
        `email-change:user:${userId}`,
        EMAIL_CHANGES_PER_HOUR,
        3_600_000,
        now,
      );
      await emailChangeRequester(db, userId, request.body, deps.config.publicUrl, now);
      const t = translator(requestLanguage(request), "errors");
      return reply.status(202).send({ message: t("account.emailChangeRequested") });
    },
  );

  app.post(
    "/me/email/confirm",
    {
      schema: {
        tags: ["account"],
        summary: "Switch to the new email address with the token of the mailed link",
        description:
          "The link is the proof, so no session is needed. 410 for an unknown, used or expired link; 409 when another account took the address meanwhile.",
        body: emailTokenSchema,
        response: { 200: userResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await emailChanger(db, request.body.token, deps.clock());
      return { user: presentUser(user) };
    },
  );
}
