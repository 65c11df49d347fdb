import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { findAttendee, findEvent } from "../data/bookings";
import { findPayment, findPaymentByGatewayId } from "../data/payments";
import type { EventStatus, PaymentStatus } from "../db/schema";
import type { PaymentGateway } from "../payments/paymentGateway";
import { outcomeOf } from "../payments/paymentOutcome";
import { assertAttendeeToken } from "../policies/bookings";
import { paymentSettler, type SettleContext } from "./paymentSettler";

/**
 * The invitee is back from Stripe.js with their attendee secret: the payment is read from the
 * gateway and the booking follows it (paymentSettler), so a webhook that is late or lost does not
 * keep them waiting. Answers where the booking and the payment stand now. Throws NOT_FOUND for
 * an unknown payment intent, FORBIDDEN for a secret that is not the payer's.
 */
export async function paymentReturnSettler(
  context: SettleContext,
  gateway: Pick<PaymentGateway, "retrievePayment">,
  input: { paymentIntent: string; token: string },
): Promise<{ eventStatus: EventStatus | null; paymentStatus: PaymentStatus }> {
  const { db } = context;
  const row = await findPaymentByGatewayId(db, input.paymentIntent);
  if (!row || row.attendeeId === null) {
    throw new DomainError("NOT_FOUND", message("booking.notFound"));
  }
  const attendee = await findAttendee(db, row.attendeeId);
  if (!attendee) throw new DomainError("FORBIDDEN", message("booking.linkNotValid"));
  assertAttendeeToken(attendee, input.token);
  const payment = await gateway.retrievePayment(row.gatewayId);
  const outcome = outcomeOf(payment.state);
  if (outcome !== null) await paymentSettler(context, payment, outcome);
  const after = await findPayment(db, row.id);
  const event = row.eventId === null ? null : await findEvent(db, row.eventId);
  return { eventStatus: event?.status ?? null, paymentStatus: after!.status };
}
