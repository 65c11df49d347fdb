import type { PaymentResumeResponse } from "../../core/api/payments";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { findAttendee, findEvent } from "../data/bookings";
import { findPayment, findPaymentOfAttendee } from "../data/payments";
import type { PaymentGateway } from "../payments/paymentGateway";
import { outcomeOf } from "../payments/paymentOutcome";
import { assertAttendeeToken } from "../policies/bookings";
import { paymentSettler, type SettleContext } from "./paymentSettler";

/**
 * The invitee reopened their booking awaiting payment (a reload, a closed tab, the payment
 * finished while the page was away): the payment is read from the gateway and the booking
 * follows it (paymentSettler), so a payment that succeeded meanwhile shows as paid at once.
 * While the booking still awaits payment, the answer carries what the page confirms the card
 * with. Throws NOT_FOUND for an attendee without a payment, FORBIDDEN for a secret that is not
 * theirs.
 */
export async function paymentResumer(
  context: SettleContext,
  gateway: Pick<PaymentGateway, "retrievePayment" | "publishableKey">,
  jsUrl: string,
  input: { attendee: string; token: string },
): Promise<PaymentResumeResponse> {
  const { db } = context;
  const notFound = () => new DomainError("NOT_FOUND", message("booking.notFound"));
  const attendee = await findAttendee(db, input.attendee);
  if (!attendee) throw notFound();
  assertAttendeeToken(attendee, input.token);
  const row = await findPaymentOfAttendee(db, attendee.id);
  if (!row) throw notFound();
  let payment = row.status === "PENDING" ? await gateway.retrievePayment(row.gatewayId) : null;
  const outcome = payment ? outcomeOf(payment.state) : null;
  if (payment && outcome !== null) await paymentSettler(context, payment, outcome);
  const after = (await findPayment(db, row.id)) ?? row;
  const event = row.eventId === null ? null : await findEvent(db, row.eventId);
  const eventStatus = event?.status ?? null;
  if (eventStatus !== "PENDING_PAYMENT" || after.status !== "PENDING") payment = null;
  return {
    eventStatus,
    paymentStatus: after.status,
    checkout:
      payment && event
        ? {
            gateway: "Stripe",
            paymentIntent: payment.id,
            clientSecret: payment.clientSecret ?? "",
            publishableKey: gateway.publishableKey,
            amount: after.amount,
            currency: after.currency,
            expiresAt: after.expiresAt.toISOString(),
            jsUrl,
          }
        : null,
  };
}
