import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A Stripe-compatible test double: the parts of Stripe's API Slotted uses (payment intents
 * create / retrieve / confirm / cancel, refunds), on a loopback port, for the real `stripe` SDK
 * (STRIPE_API_URL) and the browser tests' Stripe.js stand-in (publishable key plus the intent's
 * client secret, with CORS). Stripe's test payment methods decide what a confirmation does:
 * `pm_card_visa` succeeds, `pm_card_chargeDeclined` is declined (and
 * `pm_card_visa_chargeDeclinedInsufficientFunds`, `pm_card_chargeDeclinedExpiredCard` with their
 * decline codes), `pm_card_authenticationRequired` needs 3-D Secure, which `POST /_test/payment_intents/{id}/authenticate` completes or fails.
 * Idempotency keys replay the first answer, as Stripe's do.
 */

export const SECRET_KEY = "sk_test_double";
export const PUBLISHABLE_KEY = "pk_test_double";
export const WEBHOOK_SECRET = "whsec_test_double";

export const SUCCEEDS = "pm_card_visa";
export const DECLINED = "pm_card_chargeDeclined";
export const NEEDS_AUTHENTICATION = "pm_card_authenticationRequired";
export const INSUFFICIENT_FUNDS = "pm_card_visa_chargeDeclinedInsufficientFunds";
export const EXPIRED_CARD = "pm_card_chargeDeclinedExpiredCard";

/** Declines as Stripe's test payment methods give them: the error's code and decline code. */
const DECLINES: Record<string, { code: string; decline_code: string; message: string }> = {
  [DECLINED]: {
    code: "card_declined",
    decline_code: "generic_decline",
    message: "Your card was declined.",
  },
  [INSUFFICIENT_FUNDS]: {
    code: "card_declined",
    decline_code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
  [EXPIRED_CARD]: {
    code: "expired_card",
    decline_code: "expired_card",
    message: "Your card has expired.",
  },
};

type IntentStatus =
  | "requires_payment_method"
  | "requires_action"
  | "processing"
  | "canceled"
  | "succeeded";

export interface DoubleIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: IntentStatus;
  client_secret: string;
  description: string | null;
  receipt_email: string | null;
  metadata: Record<string, string>;
  payment_method: string | null;
  last_payment_error: { code: string; decline_code?: string; message: string } | null;
  next_action: { type: string } | null;
  latest_charge: string | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  created: number;
  livemode: false;
}

export interface DoubleRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  created: number;
}

export interface StripeDouble {
  /** For STRIPE_API_URL. */
  url: string;
  config: {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string;
    apiUrl: string;
  };
  intents: Map<string, DoubleIntent>;
  refunds: DoubleRefund[];
  /** Requests received, as "METHOD /path". */
  calls: string[];
  /** Confirms an intent as Stripe.js would with a test payment method. */
  confirm(id: string, paymentMethod: string): DoubleIntent;
  /** Completes (or fails) the 3-D Secure step of an intent that requires action. */
  authenticate(id: string, succeed: boolean): DoubleIntent;
  /** The next `count` refund requests fail with a 500, as during an outage. */
  failRefunds(count: number): void;
  /** A Stripe event about an intent, and its body and signature header as Stripe sends them. */
  webhook(
    type: string,
    intentId: string,
    options?: { id?: string; secret?: string; timestamp?: number },
  ): { body: string; signature: string; eventId: string };
  stop(): Promise<void>;
}

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** `a[b][c]=v` form fields as nested objects, as Stripe reads them. */
function parseForm(body: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, "").split("[");
    let target = result;
    for (const part of parts.slice(0, -1)) {
      target[part] ??= {};
      target = target[part] as Record<string, unknown>;
    }
    target[parts.at(-1)!] = value;
  }
  return result;
}

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

function invalid(message: string, code?: string, param?: string): StripeFailure {
  return new StripeFailure(400, {
    type: "invalid_request_error",
    message,
    ...(code ? { code } : {}),
    ...(param ? { param } : {}),
  });
}

/**
 * What the booking page uses of Stripe.js, talking to this double: a card element that is a
 * plain input (Stripe's test card numbers pick the test payment method), confirmCardPayment,
 * and a 3-D Secure challenge answered through the browser's confirm dialog.
 */
const STRIPE_JS_STAND_IN = `(() => {
  const api = new URL(document.currentScript.src).origin;
  const methods = {
    "4242424242424242": "${SUCCEEDS}",
    "4000000000000002": "${DECLINED}",
    "4000002500003155": "${NEEDS_AUTHENTICATION}",
    "4000000000009995": "${INSUFFICIENT_FUNDS}",
    "4000000000000069": "${EXPIRED_CARD}",
  };
  window.Stripe = (key) => {
    const post = (path, body) =>
      fetch(api + path, {
        method: "POST",
        headers: { authorization: "Bearer " + key, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(body),
      }).then((r) => r.json());
    return {
      elements: () => ({
        create: () => {
          let input = null;
          const handlers = [];
          const digits = () => (input ? input.value.replace(/\\D/g, "") : "");
          return {
            mount(target) {
              input = document.createElement("input");
              input.setAttribute("aria-label", "Card number");
              input.autocomplete = "cc-number";
              input.className = "w-full";
              input.addEventListener("input", () => {
                const n = digits();
                for (const h of handlers) h({ empty: n.length === 0, complete: n.length >= 16 });
              });
              target.append(input);
            },
            on(event, handler) { if (event === "change") handlers.push(handler); },
            destroy() { if (input) input.remove(); },
            focus() { if (input) input.focus(); },
            number: digits,
          };
        },
      }),
      async confirmCardPayment(secret, data) {
        const id = secret.split("_secret_")[0];
        const method = methods[data.payment_method.card.number()] || "pm_card_visa";
        let intent = await post("/v1/payment_intents/" + id + "/confirm", { client_secret: secret, payment_method: method });
        if (intent.error) return { error: intent.error };
        if (intent.status === "requires_action") {
          const ok = window.confirm("3-D Secure");
          intent = await post("/_test/payment_intents/" + id + "/authenticate", { client_secret: secret, outcome: ok ? "succeed" : "fail" });
          if (intent.error || intent.status !== "succeeded") return { error: intent.error || intent.last_payment_error };
        }
        return { paymentIntent: intent };
      },
    };
  };
})();
`;

/** The environment that points a Slotted server at `double` (docs/payments.md). */
export function stripeDoubleEnv(double: Pick<StripeDouble, "url" | "config">) {
  return {
    STRIPE_SECRET_KEY: double.config.secretKey,
    STRIPE_PUBLISHABLE_KEY: double.config.publishableKey,
    STRIPE_WEBHOOK_SECRET: double.config.webhookSecret,
    STRIPE_API_URL: double.url,
    STRIPE_JS_URL: `${double.url}/v3/`,
  };
}

/** Starts the double on loopback: on `port`, or (the tests) on a free one. */
export async function startStripeDouble({
  port = 0,
}: {
  port?: number;
} = {}): Promise<StripeDouble> {
  const intents = new Map<string, DoubleIntent>();
  const refunds: DoubleRefund[] = [];
  const calls: string[] = [];
  const replies = new Map<string, { status: number; body: unknown }>();
  let refundFailures = 0;
  const sdk = new Stripe(SECRET_KEY);

  function intentOf(id: string): DoubleIntent {
    const intent = intents.get(id);
    if (!intent) {
      throw new StripeFailure(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such payment_intent: '${id}'`,
        param: "intent",
      });
    }
    return intent;
  }

  function create(params: Record<string, unknown>): DoubleIntent {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1)
      throw invalid("Invalid amount", undefined, "amount");
    if (typeof params.currency !== "string")
      throw invalid("Missing currency", undefined, "currency");
    const id = newId("pi");
    const intent: DoubleIntent = {
      id,
      object: "payment_intent",
      amount,
      amount_received: 0,
      currency: params.currency.toLowerCase(),
      status: "requires_payment_method",
      client_secret: `${id}_secret_${randomBytes(12).toString("hex")}`,
      description: typeof params.description === "string" ? params.description : null,
      receipt_email: typeof params.receipt_email === "string" ? params.receipt_email : null,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      payment_method: null,
      last_payment_error: null,
      next_action: null,
      latest_charge: null,
      canceled_at: null,
      cancellation_reason: null,
      created: now(),
      livemode: false,
    };
    intents.set(id, intent);
    return intent;
  }

  function succeed(intent: DoubleIntent) {
    intent.status = "succeeded";
    intent.amount_received = intent.amount;
    intent.latest_charge = newId("ch");
    intent.next_action = null;
    intent.last_payment_error = null;
  }

  function confirm(id: string, paymentMethod: string): DoubleIntent {
    const intent = intentOf(id);
    if (intent.status !== "requires_payment_method") {
      throw invalid(
        `This PaymentIntent's status is ${intent.status}; it cannot be confirmed.`,
        "payment_intent_unexpected_state",
      );
    }
    intent.payment_method = paymentMethod;
    const decline = DECLINES[paymentMethod];
    if (decline) {
      intent.last_payment_error = { ...decline };
      throw new StripeFailure(402, { type: "card_error", ...decline, payment_intent: intent });
    }
    if (paymentMethod === NEEDS_AUTHENTICATION) {
      intent.status = "requires_action";
      intent.next_action = { type: "use_stripe_sdk" };
      return intent;
    }
    if (!paymentMethod.startsWith("pm_card_")) {
      throw invalid(`No such PaymentMethod: '${paymentMethod}'`, "resource_missing");
    }
    succeed(intent);
    return intent;
  }

  function authenticate(id: string, succeeds: boolean): DoubleIntent {
    const intent = intentOf(id);
    if (intent.status !== "requires_action") {
      throw invalid(
        "This PaymentIntent needs no authentication.",
        "payment_intent_unexpected_state",
      );
    }
    if (succeeds) {
      succeed(intent);
    } else {
      intent.status = "requires_payment_method";
      intent.next_action = null;
      intent.last_payment_error = {
        code: "payment_intent_authentication_failure",
        message: "We are unable to authenticate your payment method.",
      };
    }
    return intent;
  }

  function cancel(id: string, params: Record<string, unknown>): DoubleIntent {
    const intent = intentOf(id);
    if (intent.status === "succeeded" || intent.status === "canceled") {
      throw invalid(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
        "payment_intent_unexpected_state",
      );
    }
    intent.status = "canceled";
    intent.canceled_at = now();
    intent.cancellation_reason =
      typeof params.cancellation_reason === "string" ? params.cancellation_reason : null;
    return intent;
  }

  function refund(params: Record<string, unknown>): DoubleRefund {
    if (refundFailures > 0) {
      refundFailures -= 1;
      throw new StripeFailure(500, { type: "api_error", message: "An error occurred." });
    }
    const intent = intentOf(String(params.payment_intent));
    if (intent.status !== "succeeded") {
      throw invalid(
        "This PaymentIntent has no successful charge to refund.",
        "charge_not_refundable",
      );
    }
    const done = refunds
      .filter((r) => r.payment_intent === intent.id)
      .reduce((sum, r) => sum + r.amount, 0);
    const amount = params.amount === undefined ? intent.amount - done : Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1 || amount > intent.amount - done) {
      throw invalid(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - done})`,
        "amount_too_large",
        "amount",
      );
    }
    const created: DoubleRefund = {
      id: newId("re"),
      object: "refund",
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: "succeeded",
      created: now(),
    };
    refunds.push(created);
    return created;
  }

  /** A browser call with the publishable key must name the intent's client secret. */
  function checkClientSecret(intent: DoubleIntent, key: string, given: unknown) {
    if (key.startsWith("pk_") && given !== intent.client_secret) {
      throw invalid("The client_secret provided does not match this PaymentIntent.");
    }
  }

  function answer(
    method: string,
    path: string,
    key: string,
    params: Record<string, unknown>,
  ): unknown {
    const secretOnly = () => {
      if (key !== SECRET_KEY) {
        throw new StripeFailure(401, {
          type: "invalid_request_error",
          message: "This call needs the secret key.",
        });
      }
    };
    if (key !== SECRET_KEY && key !== PUBLISHABLE_KEY) {
      throw new StripeFailure(401, { type: "invalid_request_error", message: "Invalid API Key" });
    }
    const [, resource, id, action] =
      path.match(/^\/(?:v1|_test)\/(\w+)(?:\/(\w+))?(?:\/(\w+))?$/) ?? [];
    const route = `${method} ${path.startsWith("/_test/") ? "_test/" : ""}${resource ?? ""}${id ? "/:id" : ""}${action ? `/${action}` : ""}`;
    switch (route) {
      case "POST payment_intents":
        secretOnly();
        return create(params);
      case "GET payment_intents/:id": {
        const intent = intentOf(id!);
        checkClientSecret(intent, key, params.client_secret);
        return intent;
      }
      case "POST payment_intents/:id/confirm": {
        const intent = intentOf(id!);
        checkClientSecret(intent, key, params.client_secret);
        return confirm(intent.id, String(params.payment_method ?? ""));
      }
      case "POST payment_intents/:id/cancel":
        secretOnly();
        return cancel(id!, params);
      case "POST refunds":
        secretOnly();
        return refund(params);
      case "POST _test/payment_intents/:id/authenticate": {
        const intent = intentOf(id!);
        checkClientSecret(intent, key, params.client_secret);
        return authenticate(intent.id, params.outcome !== "fail");
      }
    }
    throw new StripeFailure(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  function send(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, {
      "content-type": "application/json",
      "access-control-allow-origin": "*",
      "request-id": newId("req"),
    });
    response.end(JSON.stringify(body));
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    // The browser tests' Stripe.js stand-in, from the double's own origin.
    if (request.method === "GET" && request.url?.startsWith("/v3")) {
      response.writeHead(200, {
        "content-type": "text/javascript",
        "access-control-allow-origin": "*",
      });
      response.end(STRIPE_JS_STAND_IN);
      return;
    }
    if (request.method === "OPTIONS") {
      response.writeHead(204, {
        "access-control-allow-origin": "*",
        "access-control-allow-headers": "authorization, content-type, idempotency-key",
        "access-control-allow-methods": "GET, POST",
      });
      response.end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? "/", "http://double");
    const method = request.method ?? "GET";
    calls.push(`${method} ${url.pathname}`);
    const params = {
      ...parseForm(url.search.slice(1)),
      ...parseForm(Buffer.concat(chunks).toString("utf8")),
    };
    const key = (request.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
    const idempotencyKey = request.headers["idempotency-key"];
    const replayKey =
      method === "POST" && typeof idempotencyKey === "string"
        ? `${key} ${url.pathname} ${idempotencyKey}`
        : null;
    const replay = replayKey === null ? undefined : replies.get(replayKey);
    if (replay) return send(response, replay.status, replay.body);
    let status = 200;
    let body: unknown;
    try {
      body = answer(method, url.pathname, key, params);
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      status = error.status;
      body = { error: error.body };
    }
    // Stripe replays what the first request answered, success or error (not a 5xx).
    if (replayKey !== null && status < 500) replies.set(replayKey, { status, body });
    send(response, status, body);
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      send(response, 500, { error: { type: "api_error", message: String(error) } });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    config: {
      secretKey: SECRET_KEY,
      publishableKey: PUBLISHABLE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: url,
    },
    intents,
    refunds,
    calls,
    confirm(id, paymentMethod) {
      try {
        return confirm(id, paymentMethod);
      } catch (error) {
        if (error instanceof StripeFailure && error.status === 402) return intentOf(id);
        throw error;
      }
    },
    authenticate,
    failRefunds(count) {
      refundFailures = count;
    },
    webhook(type, intentId, options = {}) {
      const eventId = options.id ?? newId("evt");
      const body = JSON.stringify({
        id: eventId,
        object: "event",
        api_version: Stripe.API_VERSION,
        created: now(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: intentOf(intentId) },
      });
      const signature = sdk.webhooks.generateTestHeaderString({
        payload: body,
        secret: options.secret ?? WEBHOOK_SECRET,
        ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
      });
      return { body, signature, eventId };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
