import { z } from "zod";
import { checkoutPaymentSchema, EVENT_STATUSES } from "./events";

export const PAYMENT_STATUSES = [
  "PENDING",
  "PAID",
  "FAILED",
  "CANCELLED",
  "EXPIRED",
  "REFUNDED",
] as const;

/**
 * The body of `POST /api/payments/stripe/return`: the invitee is back from Stripe.js with the
 * payment they confirmed, proved by their secret from the scheduling answer.
 */
export const paymentReturnRequestSchema = z.object({
  paymentIntent: z.string().min(1).max(200),
  token: z.string().min(1).max(200),
});

/** Where the booking stands after the server read the payment from Stripe. */
export const paymentReturnResponseSchema = z.object({
  eventStatus: z.enum(EVENT_STATUSES).nullable(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
});

/**
 * The body of `POST /api/payments/stripe/resume`: the invitee reopened their booking awaiting
 * payment (a reload, a closed tab), proved by their secret.
 */
export const paymentResumeRequestSchema = z.object({
  attendee: z.uuid(),
  token: z.string().min(1).max(200),
});

/**
 * Where the booking stands once the server read its payment from Stripe, and, while it still
 * awaits payment, what the page confirms the card with (and where it loads Stripe.js from).
 */
export const paymentResumeResponseSchema = paymentReturnResponseSchema.extend({
  checkout: checkoutPaymentSchema.extend({ jsUrl: z.string() }).nullable(),
});

export const webhookResponseSchema = z.object({ received: z.literal(true) });

export type PaymentReturnResponse = z.infer<typeof paymentReturnResponseSchema>;
export type PaymentResumeResponse = z.infer<typeof paymentResumeResponseSchema>;
