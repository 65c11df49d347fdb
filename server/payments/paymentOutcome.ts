import type { GatewayPayment } from "./paymentGateway";

/** What happened at the gateway, as a booking should follow it. */
export type PaymentOutcome = "succeeded" | "failed" | "canceled" | "expired";

/** A payment's outcome from its state at the gateway, or null while it is still open. */
export function outcomeOf(state: GatewayPayment["state"]): PaymentOutcome | null {
  if (state === "succeeded") return "succeeded";
  if (state === "canceled") return "canceled";
  return null;
}
