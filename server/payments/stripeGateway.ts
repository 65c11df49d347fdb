import { createRequire } from "node:module";
import type Stripe from "stripe";
import type { Config } from "../config";
import {
  BadSignatureError,
  GatewayError,
  type GatewayNotification,
  type GatewayPayment,
  type NewPayment,
  type PaymentGateway,
  type PaymentState,
} from "./paymentGateway";

type StripeConfig = NonNullable<Config["stripe"]>;

let sdk: typeof Stripe | null = null;
/**
 * The official SDK, loaded at the first payment call instead of at start (about 20 MB and a
 * tenth of a second that an installation without payments never needs).
 */
function stripeSdk(): typeof Stripe {
  sdk ??= createRequire(import.meta.url)("stripe") as typeof Stripe;
  return sdk;
}

/** How old a webhook's signature may be (Stripe's own default). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

function paymentOf(intent: Stripe.PaymentIntent): GatewayPayment {
  const bookingId = intent.metadata?.bookingId;
  return {
    id: intent.id,
    state: intent.status as PaymentState,
    amount: intent.amount,
    currency: intent.currency.toUpperCase(),
    clientSecret: intent.client_secret ?? null,
    bookingId: typeof bookingId === "string" ? bookingId : null,
    declined: intent.last_payment_error != null,
  };
}

/** A Stripe error as the gateway's: network trouble, rate limits and 5xx may pass. */
function gatewayError(error: unknown): GatewayError {
  const { errors } = stripeSdk();
  if (error instanceof errors.StripeError) {
    const status = error.statusCode ?? 0;
    const retryable =
      error instanceof errors.StripeConnectionError ||
      error instanceof errors.StripeAPIError ||
      error instanceof errors.StripeRateLimitError ||
      status === 0 ||
      status >= 500 ||
      status === 429 ||
      status === 409;
    return new GatewayError(error.message, retryable, error.code ?? null);
  }
  return new GatewayError(error instanceof Error ? error.message : String(error), true);
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw gatewayError(error);
  }
}

/** The SDK's host, port and protocol for STRIPE_API_URL (stripe-mock, the tests' double). */
function apiTarget(apiUrl: string | null | undefined) {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? ("http" as const) : ("https" as const);
  return {
    host: url.hostname,
    port: url.port || (protocol === "http" ? 80 : 443),
    protocol,
  };
}

/** The PaymentGateway over the official SDK, for the installation's one Stripe account. */
export function stripeGateway(config: StripeConfig): PaymentGateway {
  let client: Stripe | null = null;
  const stripe = (): Stripe => {
    const Sdk = stripeSdk();
    client ??= new Sdk(config.secretKey, {
      ...apiTarget(config.apiUrl),
      // The SDK retries network trouble with the same idempotency key.
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: "Slotted" },
    });
    return client;
  };
  return {
    name: "Stripe",
    publishableKey: config.publishableKey,
    async createPayment(payment: NewPayment) {
      const intent = await call(() =>
        stripe().paymentIntents.create(
          {
            amount: payment.amount,
            currency: payment.currency.toLowerCase(),
            description: payment.description,
            receipt_email: payment.email,
            // Cards through the card element; no method that leaves the page.
            automatic_payment_methods: { enabled: true, allow_redirects: "never" },
            metadata: { bookingId: payment.bookingId, attendeeId: payment.attendeeId },
          },
          { idempotencyKey: `booking-${payment.bookingId}-${payment.attendeeId}` },
        ),
      );
      return paymentOf(intent);
    },
    async retrievePayment(id: string) {
      return paymentOf(await call(() => stripe().paymentIntents.retrieve(id)));
    },
    async cancelPayment(id: string) {
      try {
        return paymentOf(await stripe().paymentIntents.cancel(id));
      } catch (error) {
        const failure = gatewayError(error);
        // Already cancelled or succeeded: say how it is instead.
        if (failure.code === "payment_intent_unexpected_state") {
          return paymentOf(await call(() => stripe().paymentIntents.retrieve(id)));
        }
        throw failure;
      }
    },
    async refundPayment(id: string, amount: number, idempotencyKey: string) {
      const refund = await call(() =>
        stripe().refunds.create({ payment_intent: id, amount }, { idempotencyKey }),
      );
      return { id: refund.id, amount: refund.amount, status: refund.status ?? "pending" };
    },
    verifiedNotification(rawBody: Buffer, signature: string | undefined, now: Date) {
      const secret = config.webhookSecret;
      if (!secret || !signature) throw new BadSignatureError("missing signature");
      let event: Stripe.Event;
      try {
        event = stripe().webhooks.constructEvent(
          rawBody,
          signature,
          secret,
          SIGNATURE_TOLERANCE_SECONDS,
          undefined,
          now.getTime(),
        );
      } catch {
        throw new BadSignatureError("signature not valid");
      }
      const object = event.data?.object as { object?: string } | undefined;
      const payment =
        object?.object === "payment_intent" ? paymentOf(object as Stripe.PaymentIntent) : null;
      return { id: event.id, type: event.type, payment } satisfies GatewayNotification;
    },
  };
}

const gateways = new WeakMap<StripeConfig, PaymentGateway>();

/** The installation's gateway, or null when Stripe is not configured. */
export function paymentGatewayOf(config: Pick<Config, "stripe">): PaymentGateway | null {
  if (config.stripe === null) return null;
  let gateway = gateways.get(config.stripe);
  if (!gateway) {
    gateway = stripeGateway(config.stripe);
    gateways.set(config.stripe, gateway);
  }
  return gateway;
}

/** The gateway and the hold's length, for booking a paid event type; null without Stripe. */
export function paymentsSetup(config: Pick<Config, "stripe" | "paymentHoldMinutes">) {
  const gateway = paymentGatewayOf(config);
  return gateway === null ? null : { gateway, holdMinutes: config.paymentHoldMinutes };
}
