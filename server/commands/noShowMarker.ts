import { and, eq } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { recordChange } from "../booking/bookingChange";
import { type AttendeeRow, findEvent } from "../data/bookings";
import { findEventType } from "../data/eventTypes";
import type { Db } from "../db/database";
import { attendees } from "../db/schema";
import { assertCanManageEvent } from "../policies/bookings";

/**
 * Marks an invitee of a meeting that has started as not having come (`noShow` true), or takes
 * the mark back, recording a `no_show` / `no_show_undone` change (its processors announce it and
 * fire the "no-show" workflows). Marking twice changes nothing. Throws NOT_FOUND (no such meeting
 * or invitee, or the caller does not manage it), VALIDATION (the meeting has not started, or the
 * invitee's booking was cancelled).
 */
export async function noShowMarker(
  db: Db,
  userId: string,
  eventId: string,
  attendeeId: string,
  noShow: boolean,
  now: Date,
): Promise<AttendeeRow> {
  const notFound = () => new DomainError("NOT_FOUND", message("booking.notFound"));
  const event = await findEvent(db, eventId);
  if (event === null) throw notFound();
  const type = await findEventType(db, event.eventTypeId);
  if (type === null) throw notFound();
  await assertCanManageEvent(db, userId, eventId, type);
  return db.transaction(async (tx) => {
    const [attendee] = await tx
      .select()
      .from(attendees)
      .where(and(eq(attendees.id, attendeeId), eq(attendees.eventId, eventId)))
      .for("update");
    if (attendee === undefined) {
      throw new DomainError("NOT_FOUND", message("booking.attendeeNotFound"));
    }
    if (event.startAt > now || attendee.status !== "CONFIRMED" || event.status !== "CONFIRMED") {
      throw new DomainError("VALIDATION", message("booking.noShowBeforeStart"), {
        noShow: [message("booking.noShowBeforeStart")],
      });
    }
    if ((attendee.noShowAt !== null) === noShow) return attendee;
    const [updated] = await tx
      .update(attendees)
      .set({ noShowAt: noShow ? now : null })
      .where(eq(attendees.id, attendeeId))
      .returning();
    await recordChange(
      tx,
      {
        kind: noShow ? "no_show" : "no_show_undone",
        eventId,
        attendeeId,
        actor: userId,
      },
      now,
    );
    return updated!;
  });
}
