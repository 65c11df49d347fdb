/** Why a card payment failed, as the payment-error page says it (`payment.reasons.*`). */
export const PAYMENT_FAILURE_REASONS = [
  "declined",
  "insufficientFunds",
  "authenticationFailed",
  "expiredCard",
  "incorrectCvc",
  "incorrectNumber",
  "processingError",
] as const;
export type PaymentFailureReason = (typeof PAYMENT_FAILURE_REASONS)[number];

/** The parts of a Stripe.js error that say why (https://docs.stripe.com/declines/codes). */
export interface StripeError {
  code?: string;
  decline_code?: string;
}

const BY_CODE: Record<string, PaymentFailureReason> = {
  card_declined: "declined",
  insufficient_funds: "insufficientFunds",
  expired_card: "expiredCard",
  incorrect_cvc: "incorrectCvc",
  invalid_cvc: "incorrectCvc",
  incorrect_number: "incorrectNumber",
  invalid_number: "incorrectNumber",
  processing_error: "processingError",
  try_again_later: "processingError",
  issuer_not_available: "processingError",
  authentication_required: "authenticationFailed",
  payment_intent_authentication_failure: "authenticationFailed",
};

/**
 * The reason to show for a failed card payment: the decline code when it names one the
 * invitee can act on, else the error's code. Any other decline (lost or stolen card, fraud
 * suspected) reads as a plain decline, as Stripe advises; null when the error says nothing.
 */
export function paymentFailureReason(error: StripeError | undefined): PaymentFailureReason | null {
  if (!error) return null;
  const byDecline = error.decline_code ? BY_CODE[error.decline_code] : undefined;
  if (byDecline) return byDecline;
  if (error.decline_code) return "declined";
  return (error.code && BY_CODE[error.code]) || null;
}

/** A `reason` page parameter as a known reason, or null. */
export function readPaymentFailureReason(text: string | null): PaymentFailureReason | null {
  return PAYMENT_FAILURE_REASONS.find((reason) => reason === text) ?? null;
}

/** The payment-error page's query naming `reason`, or none. */
export function paymentErrorQuery(reason: PaymentFailureReason | null): string {
  return reason ? `?${new URLSearchParams({ reason })}` : "";
}
