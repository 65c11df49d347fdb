import { and, eq } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { type ApprovedData, type CancelledData, recordChange } from "../booking/bookingChange";
import {
  bookingNotFound,
  type CancelContext,
  cancelEvent,
  eventTypeOf,
  lockLiveEvent,
} from "../booking/cancelEvent";
import { type EventRow, findEvent } from "../data/bookings";
import type { Tx } from "../db/database";
import { retryOnceOnConflict } from "../db/retryOnceOnConflict";
import { attendees, events } from "../db/schema";
import { assertCanManageEvent } from "../policies/bookings";

/**
 * Who answers: a signed-in host, or whoever holds the request's signed answer link (mailed to
 * host `hostId`; none on links mailed before hosts were named).
 */
export type ApprovalActor = { userId: string } | { signedLink: true; hostId?: string | undefined };

/** The change's actor: the host who answered, or "host" for an old link naming none. */
const actorOf = (actor: ApprovalActor) =>
  "userId" in actor ? actor.userId : (actor.hostId ?? "host");

/** A host's answer to a booking request: approve it, or decline it with an optional reason. */
export type ApprovalAnswer = { approve: true } | { approve: false; reason: string };

/**
 * A host answers a booking request (PENDING_APPROVAL). Approving confirms it; its change
 * (approved) sends the invitee, their guests and the hosts the confirmation with the calendar
 * invite and schedules its reminders. Declining cancels it and frees its time; its change
 * (declined) tells the invitee, with the host's reason. Throws NOT_FOUND (not theirs), CONFLICT
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
      if (answer.approve) {
        const [confirmed] = await tx
          .update(events)
          .set({ status: "CONFIRMED" })
          .where(eq(events.id, event.id))
          .returning();
        const booked = await tx
          .select({ id: attendees.id })
          .from(attendees)
          .where(and(eq(attendees.eventId, event.id), eq(attendees.status, "CONFIRMED")));
        await recordChange(
          tx,
          {
            kind: "approved",
            eventId: event.id,
            actor: actorOf(actor),
            before: { status: locked.status },
            data: { attendeeIds: booked.map((a) => a.id) } satisfies ApprovedData,
          },
          now,
        );
        return confirmed!;
      }
      const by = { expired: false as const, actor: actorOf(actor) };
      return refuseRequest(tx, now, locked, answer.reason, by);
    }),
  );
}

/**
 * Cancels a locked request in the caller's transaction and frees its time; its change (declined,
 * or expired) refunds what the invitee paid in full, tells them (not their guests, who never
 * heard of it) and announces it as `booking.cancelled` with `requestRefused`.
 */
export async function refuseRequest(
  tx: Tx,
  now: Date,
  locked: EventRow,
  reason: string,
  by: { expired: true } | { expired: false; actor: string },
): Promise<EventRow> {
  const cancelled = await cancelEvent(tx, locked, reason, now);
  const dropped = await tx
    .update(attendees)
    .set({ status: "CANCELLED", cancellationReason: reason || null })
    .where(and(eq(attendees.eventId, locked.id), eq(attendees.status, "CONFIRMED")))
    .returning({ id: attendees.id });
  await recordChange(
    tx,
    {
      kind: by.expired ? "expired" : "declined",
      eventId: locked.id,
      actor: by.expired ? "system" : by.actor,
      before: { status: locked.status, startAt: locked.startAt.toISOString() },
      data: {
        reason,
        scope: "event",
        attendeeIds: dropped.map((a) => a.id),
        eventIds: [locked.id],
        refundBy: "host",
      } satisfies CancelledData,
    },
    now,
  );
  return cancelled;
}
