/**
 * The payment provider as Slotted uses it: one payment per paid booking, read back, cancelled,
 * refunded, and the provider's signed notifications. `stripeGateway.ts` implements it with the
 * official SDK; nothing else in the server talks to Stripe.
 */

/** A payment's state at the provider (Stripe's PaymentIntent statuses). */
export type PaymentState =
  | "requires_payment_method"
  | "requires_confirmation"
  | "requires_action"
  | "processing"
  | "requires_capture"
  | "canceled"
  | "succeeded";

export interface GatewayPayment {
  /** The provider's id (a PaymentIntent id, pi_…). */
  id: string;
  state: PaymentState;
  /** Minor units. */
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** What the browser confirms the payment with (never logged). */
  clientSecret: string | null;
  /** The booking (event) it pays for, from its metadata. */
  bookingId: string | null;
  /** Whether its last attempt failed (a declined card, a failed authentication). */
  declined?: boolean;
}

export interface NewPayment {
  /** The event's uuid: the payment's metadata and its idempotency key. */
  bookingId: string;
  attendeeId: string;
  amount: number;
  currency: string;
  description: string;
  email: string;
}

export interface GatewayRefund {
  id: string;
  amount: number;
  status: string;
}

/** A verified notification from the provider. */
export interface GatewayNotification {
  /** The provider's event id (evt_…), processed once. */
  id: string;
  type: string;
  /** The payment it is about, for payment events. */
  payment: GatewayPayment | null;
}

/** The notification's signature is missing, wrong or too old. */
export class BadSignatureError extends Error {}

/** The provider refused or could not be reached; the caller decides whether to retry. */
export class GatewayError extends Error {
  constructor(
    message: string,
    /** Whether trying again later may succeed (network trouble, 5xx, rate limit). */
    readonly retryable: boolean,
    /** The provider's error code, e.g. payment_intent_unexpected_state. */
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

export interface PaymentGateway {
  readonly name: "Stripe";
  readonly publishableKey: string;
  createPayment(payment: NewPayment): Promise<GatewayPayment>;
  retrievePayment(id: string): Promise<GatewayPayment>;
  /** Cancels a payment not yet made; a payment already cancelled is returned as it is. */
  cancelPayment(id: string): Promise<GatewayPayment>;
  /** Refunds `amount` (minor units) of a succeeded payment; the key makes a retry safe. */
  refundPayment(id: string, amount: number, idempotencyKey: string): Promise<GatewayRefund>;
  /** Checks the signature and parses the notification; throws BadSignatureError. */
  verifiedNotification(
    rawBody: Buffer,
    signature: string | undefined,
    now: Date,
  ): GatewayNotification;
}
