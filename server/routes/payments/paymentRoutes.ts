import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  paymentResumeRequestSchema,
  paymentResumeResponseSchema,
  paymentReturnRequestSchema,
  paymentReturnResponseSchema,
  webhookResponseSchema,
} from "../../../core/api/payments";
import { DomainError } from "../../../core/errors";
import { message } from "../../../core/messages";
import { paymentResumer } from "../../commands/paymentResumer";
import { paymentReturnSettler } from "../../commands/paymentReturnSettler";
import { paymentSettler } from "../../commands/paymentSettler";
import type { Deps } from "../../deps";
import { BadSignatureError, type PaymentGateway } from "../../payments/paymentGateway";
import type { PaymentOutcome } from "../../payments/paymentOutcome";
import { paymentGatewayOf } from "../../payments/stripeGateway";
import { errorResponses } from "../errorSchemas";
import { publicPayments } from "../publicEventTypes/publicEventTypePresenter";

/** The payment events Slotted follows, and what each means for a booking. */
const FOLLOWED: Record<string, PaymentOutcome> = {
  "payment_intent.succeeded": "succeeded",
  "payment_intent.payment_failed": "failed",
  "payment_intent.canceled": "canceled",
};

const notConfigured = () => new DomainError("NOT_FOUND", message("payment.notConfigured"));

/**
 * Stripe's webhook and the invitee's return from Stripe.js: both make the booking follow the
 * payment through paymentSettler, so either alone is enough and both together change nothing
 * twice.
 */
export async function paymentRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ["payments"];
  const context = () => ({
    db,
    publicUrl: deps.config.publicUrl,
    secret: deps.config.sessionSecret,
    now: deps.clock(),
  });

  function gateway(): PaymentGateway {
    const found = paymentGatewayOf(deps.config);
    if (found === null) throw notConfigured();
    return found;
  }

  /** A payment that failed is cancelled too, so it cannot succeed after its slot was freed. */
  async function cancelFailed(gatewayId: string) {
    const state = await gateway().cancelPayment(gatewayId);
    if (state.state === "succeeded") await paymentSettler(context(), state, "succeeded");
  }

  // The webhook's signature covers the exact bytes: this context keeps JSON bodies raw.
  await app.register(async (raw) => {
    raw.removeContentTypeParser("application/json");
    raw.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
      done(null, body),
    );
    raw.withTypeProvider<ZodTypeProvider>().post(
      "/payments/stripe/webhook",
      {
        schema: {
          tags,
          summary: "Stripe's webhook: payment_intent.succeeded, .payment_failed and .canceled",
          description:
            "Signed with STRIPE_WEBHOOK_SECRET (`Stripe-Signature`); a missing, wrong or stale signature answers 400 and changes nothing. Each Stripe event id is processed once.",
          response: { 200: webhookResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const found = gateway();
        if (!deps.config.stripe?.webhookSecret) throw notConfigured();
        const signature = request.headers["stripe-signature"];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let notification: ReturnType<PaymentGateway["verifiedNotification"]>;
        try {
          notification = found.verifiedNotification(
            body,
            typeof signature === "string" ? signature : undefined,
            deps.clock(),
          );
        } catch (error) {
          if (error instanceof BadSignatureError) {
            throw new DomainError("BAD_REQUEST", message("payment.badSignature"));
          }
          throw error;
        }
        const outcome = FOLLOWED[notification.type];
        if (outcome === undefined || notification.payment === null) {
          return { received: true as const };
        }
        const settled = await paymentSettler(context(), notification.payment, outcome, {
          id: notification.id,
          type: notification.type,
        });
        if (settled === "released" && outcome === "failed") {
          await cancelFailed(notification.payment.id);
        }
        return { received: true as const };
      },
    );
  });

  app.post(
    "/payments/stripe/return",
    {
      schema: {
        tags,
        summary:
          "The invitee is back from Stripe.js: read the payment from Stripe and confirm or release the booking",
        body: paymentReturnRequestSchema,
        response: { 200: paymentReturnResponseSchema, ...errorResponses },
      },
    },
    async (request) => paymentReturnSettler(context(), gateway(), request.body),
  );

  app.post(
    "/payments/stripe/resume",
    {
      schema: {
        tags,
        summary:
          "The invitee reopened a booking awaiting payment: read the payment from Stripe, follow it, and say how to pay while it is still open",
        description:
          "`token`: the attendee's secret. `checkout` is null once the booking no longer awaits payment (paid, released, expired).",
        body: paymentResumeRequestSchema,
        response: { 200: paymentResumeResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      paymentResumer(context(), gateway(), publicPayments(deps.config.stripe).jsUrl, request.body),
  );
}
