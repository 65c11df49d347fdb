import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { DomainError } from "../../../core/errors";
import { message } from "../../../core/messages";
import type { Deps } from "../../deps";
import { smsCallbackHandler } from "../../sms/smsCallbacks";
import { smsProviderOf } from "../../sms/smsProviderOf";
import { errorResponses } from "../errorSchemas";

/** An empty TwiML answer: Twilio sends no reply of its own to the inbound message. */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/**
 * Twilio's callbacks: message status changes (the StatusCallback of each text) and inbound
 * messages (the number's incoming-message webhook), both form-encoded and signed with the auth
 * token over PUBLIC_URL and the path. STOP and START replies change who may be texted.
 */
export async function smsWebhookRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const { db } = deps.database;
  const provider = smsProviderOf(deps.config);
  const tags = ["sms"];

  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  /** The callback's fields once its signature is checked; 404 without Twilio, 400 when unsigned. */
  function verified(request: FastifyRequest): Record<string, string> {
    if (provider === null) throw new DomainError("NOT_FOUND", message("phone.notConfigured"));
    const form =
      request.body !== null && typeof request.body === "object"
        ? (request.body as Record<string, string>)
        : {};
    const signature = request.headers["x-twilio-signature"];
    const url = `${deps.config.publicUrl}${request.url}`;
    if (
      !provider.verifyCallback(url, form, typeof signature === "string" ? signature : undefined)
    ) {
      throw new DomainError("BAD_REQUEST", message("phone.badSignature"));
    }
    return form;
  }

  const handler = () => smsCallbackHandler(db);

  app.post(
    "/sms/twilio/status",
    {
      schema: {
        tags,
        summary: "Twilio's status callback for a text Slotted sent",
        description:
          "Form-encoded, signed with TWILIO_AUTH_TOKEN (`X-Twilio-Signature` over PUBLIC_URL + path and the sorted fields); unsigned or wrongly signed callbacks answer 400 and change nothing. Records queued, sent, delivered, undelivered or failed; error 21610 (the recipient opted out) stops texts to the number.",
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await handler().status(verified(request), deps.clock());
      return reply.status(204).send();
    },
  );

  app.post(
    "/sms/twilio/inbound",
    {
      schema: {
        tags,
        summary: "Twilio's incoming-message webhook: STOP and START replies",
        description:
          "Set as the sending number's incoming-message webhook. Signed like the status callback. A reply of STOP (or STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT, REVOKE, OPTOUT, or Twilio's OptOutType STOP) stops all texts to the sender's number; START (YES, UNSTOP) allows them again. Answers empty TwiML.",
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await handler().inbound(verified(request), deps.clock());
      return reply.status(200).type("text/xml; charset=utf-8").send(EMPTY_TWIML);
    },
  );
}
