import { z } from "zod";
import { EVENT_STATUSES } from "./events";

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

export const webhookResponseSchema = z.object({ received: z.literal(true) });

export type PaymentReturnResponse = z.infer<typeof paymentReturnResponseSchema>;
