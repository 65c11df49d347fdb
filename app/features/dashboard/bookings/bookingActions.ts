import type { Attendee, Booking } from "../api/types";

/** What the host can do to a booking from its details. */
export interface BookingActions {
  /** Not cancelled and not over: it can still be rescheduled or cancelled. */
  active: boolean;
  /** A round-robin booking with another host it could go to. */
  move: boolean;
  /** A payment with money left to refund. */
  refund: boolean;
  /** A request awaiting the host's approval that has not started. */
  answerRequest: boolean;
}

/** The actions `booking` offers at `now`, with `otherHosts` the hosts it could move to. */
export function bookingActions(booking: Booking, otherHosts: number, now: number): BookingActions {
  const active = booking.status !== "CANCELLED" && Date.parse(booking.end) > now;
  return {
    active,
    move: active && booking.eventType.kind === "ROUND_ROBIN" && otherHosts > 0,
    refund: booking.payments.some(
      (p) => (p.status === "PAID" || p.status === "REFUNDED") && p.amount > p.refunded,
    ),
    answerRequest: active && booking.status === "PENDING_APPROVAL",
  };
}

/**
 * Whether the host may mark `attendee` as not having come, or take the mark back: only once the
 * meeting has started, for a confirmed booking and invitee (as the server checks).
 */
export function noShowMarkable(booking: Booking, attendee: Attendee, now: number): boolean {
  return (
    booking.status === "CONFIRMED" &&
    attendee.status === "CONFIRMED" &&
    Date.parse(booking.start) <= now
  );
}
