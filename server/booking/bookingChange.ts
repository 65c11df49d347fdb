import type { Db, Tx } from "../db/database";
import { type BookingChangeKind, bookingChanges } from "../db/schema";

export type BookingChangeRow = typeof bookingChanges.$inferSelect;

/** Who made a change: a host (their user id), the invitee, or Slotted itself (a sweep, a gateway). */
export type ChangeActor = string | "invitee" | "system";

/** A change as a command records it. */
export interface NewBookingChange {
  kind: BookingChangeKind;
  eventId: string;
  attendeeId?: string | null;
  actor: ChangeActor;
  before?: Record<string, unknown> | null;
  data?: Record<string, unknown>;
}

/**
 * Records one change of a booking in the command's transaction, beside the state it changed:
 * its mails, reminders, webhooks, calendar writes and refunds are derived from it by the change
 * worker (processChanges), so they exist if and only if the change commits.
 */
export async function recordChange(
  db: Db | Tx,
  change: NewBookingChange,
  now: Date,
): Promise<void> {
  await db.insert(bookingChanges).values({
    kind: change.kind,
    eventId: change.eventId,
    attendeeId: change.attendeeId ?? null,
    actor: change.actor,
    before: change.before ?? null,
    data: change.data ?? {},
    createdAt: now,
  });
}

/** created: the booking as written; a series names each occurrence. */
export interface CreatedData {
  status: "CONFIRMED" | "PENDING_APPROVAL" | "PENDING_PAYMENT";
  /** The hosts in the booking's order (the organizer first). */
  hostIds: string[];
  seriesId?: string;
  occurrences?: { eventId: string; attendeeId: string; hostIds: string[] }[];
}

/** cancelled: by whom and how much of the meeting went. */
export interface CancelledData {
  reason: string;
  /** seat: one attendee of a group event left; event: the meeting; series: it and later ones. */
  scope: "seat" | "event" | "series";
  /** The attendees whose bookings were cancelled. */
  attendeeIds: string[];
  /** The events cancelled (a series: every later occurrence too). */
  eventIds: string[];
  /** Paid bookings are refunded by the event type's policy as cancelled by them; absent: none. */
  refundBy?: "invitee" | "host";
}

/** cancelled: the meeting before. */
export interface CancelledBefore {
  status: string;
  startAt: string;
}

/** rescheduled: the meeting moved (in place, or a seat into another event). */
export interface RescheduledData {
  reason: string;
  /** The attendees who moved with it. */
  attendeeIds: string[];
  /** The hosts after the move, the organizer first. */
  hostIds: string[];
  /** A seat moved into another event: the invitee's invite replaces the former one. */
  intoAnotherEvent: boolean;
}

/** rescheduled: the meeting before the move, and its hosts. */
export interface RescheduledBefore {
  event: Record<string, unknown>;
  hostIds: string[];
}

/** approved: the request confirmed, for these attendees. */
export interface ApprovedData {
  attendeeIds: string[];
}

/** paid: the payment came in; a request (its type requires approval) waits for the hosts now. */
export interface PaidData {
  request: boolean;
  amount: number;
  currency: string;
}

/** refunded: paid bookings' money given back; each refund and whom to tell. */
export interface RefundedData {
  /** host: a host gave it back; late: the payment came after its slot was gone. */
  reason: "host" | "late";
  refunds: {
    paymentId: string;
    gatewayId: string;
    amount: number;
    currency: string;
    key: string;
    payer: { email: string; name: string; language: string };
  }[];
}
