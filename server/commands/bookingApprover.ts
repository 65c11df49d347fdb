import { and, eq } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import {
  bookingNotFound,
  type CancelContext,
  cancelEvent,
  eventTypeOf,
  lockLiveEvent,
} from "../booking/cancelEvent";
import { type AttendeeRow, type EventRow, findEvent, findEventHosts } from "../data/bookings";
import type { Tx } from "../db/database";
import { retryOnceOnConflict } from "../db/retryOnceOnConflict";
import { attendees, events } from "../db/schema";
import { bookingMails } from "../mail/bookingMails";
import { enqueueMails } from "../mail/outbox";
import { reminderMails } from "../mail/reminderMails";
import { enqueueScheduledMails } from "../mail/scheduledMails";
import { refundCancelled } from "../payments/cancelRefunds";
import { assertCanManageEvent } from "../policies/bookings";
import { announceBooking } from "../webhooks/announceBooking";

/** Who answers: a signed-in host, or whoever holds the request's signed answer link. */
export type ApprovalActor = { userId: string } | { signedLink: true };

/** A host's answer to a booking request: approve it, or decline it with an optional reason. */
export type ApprovalAnswer = { approve: true } | { approve: false; reason: string };

/**
 * A host answers a booking request (PENDING_APPROVAL). Approving confirms it: the invitee, their
 * guests and the hosts get the confirmation with the calendar invite, and its reminders are scheduled. Declining cancels it, frees
 * its time and tells the invitee, with the host's reason. Throws NOT_FOUND (not theirs), CONFLICT
 * (not awaiting approval, or already past its start: it expired).
 */
export async function bookingApprover(
  context: CancelContext,
  actor: ApprovalActor,
  eventId: string,
  answer: ApprovalAnswer,
): Promise<EventRow> {
  const { db, now } = context;
  const event = await findEvent(db, eventId);
  if (!event) throw bookingNotFound();
  const type = await eventTypeOf(db, event);
  // A signed link's holder was checked by the route (assertRequestSignature).
  if ("userId" in actor) await assertCanManageEvent(db, actor.userId, event.id, type);

  return retryOnceOnConflict(() =>
    db.transaction(async (tx) => {
      const locked = await lockLiveEvent(tx, event.id);
      if (locked.status !== "PENDING_APPROVAL") {
        throw new DomainError("CONFLICT", message("booking.notAwaitingApproval"));
      }
      if (locked.startAt.getTime() - type.approvalDeadline * 60_000 <= now.getTime()) {
        throw new DomainError("CONFLICT", message("booking.requestExpired"));
      }
      const hosts = await findEventHosts(tx, event.id);
      if (answer.approve) {
        const [confirmed] = await tx
          .update(events)
          .set({ status: "CONFIRMED" })
          .where(eq(events.id, event.id))
          .returning();
        const booked = await tx
          .select()
          .from(attendees)
          .where(and(eq(attendees.eventId, event.id), eq(attendees.status, "CONFIRMED")));
        const mailContext = {
          event: confirmed!,
          eventType: type,
          hosts,
          publicUrl: context.publicUrl,
          now,
        };
        await enqueueMails(
          tx,
          bookingMails("bookingConfirmed", mailContext, { attendees: booked, hosts }),
          now,
        );
        // A request is announced only now, when it becomes a booking; a declined or expired
        // one never was.
        await announceBooking(tx, "booking.created", event.id, now, {
          attendeeIds: booked.map((a) => a.id),
        });
        // Only now, confirmed, does the meeting get its reminders.
        await enqueueScheduledMails(tx, reminderMails(mailContext, type, booked, hosts), now);
        return confirmed!;
      }
      return refuseRequest(tx, context, locked, type, answer.reason, false);
    }),
  );
}

/**
 * Cancels a locked request in the caller's transaction, frees its time, refunds what the invitee
 * paid in full and mails them (not their guests, who never heard of it) that it was declined, or
 * that it expired; announced as `booking.cancelled` with `requestRefused`.
 */
export async function refuseRequest(
  tx: Tx,
  context: Pick<CancelContext, "publicUrl" | "now">,
  locked: EventRow,
  type: Parameters<typeof bookingMails>[1]["eventType"],
  reason: string,
  expired: boolean,
): Promise<EventRow> {
  const { now } = context;
  const cancelled = await cancelEvent(tx, locked, reason, now);
  const dropped: AttendeeRow[] = await tx
    .update(attendees)
    .set({ status: "CANCELLED", cancellationReason: reason || null })
    .where(and(eq(attendees.eventId, locked.id), eq(attendees.status, "CONFIRMED")))
    .returning();
  // A paid request (the invitee paid before the host answered) goes back in full.
  const payments = await refundCancelled(
    tx,
    dropped.map((a) => a.id),
    { policy: { refundPolicy: "FULL", refundHours: null }, start: locked.startAt, by: "host" },
    now,
  );
  const hosts = await findEventHosts(tx, locked.id);
  const mails = bookingMails(
    "bookingDeclined",
    { event: cancelled, eventType: type, hosts, publicUrl: context.publicUrl, now, reason },
    { attendees: dropped, hosts: [], payments },
  )
    .filter((mail) => mail.data.role === "invitee")
    .map((mail) => (expired ? { ...mail, data: { ...mail.data, expired: true } } : mail));
  await enqueueMails(tx, mails, now);
  // Never announced as created, but a paid request was announced as paid, and a receiver that
  // tracks requests learns how each ended.
  await announceBooking(tx, "booking.cancelled", locked.id, now, {
    attendeeIds: dropped.map((a) => a.id),
    requestRefused: expired ? "expired" : "declined",
  });
  return cancelled;
}
