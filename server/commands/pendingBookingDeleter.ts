import { and, eq } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { findAttendees, findEvent, findEventHosts } from "../data/bookings";
import { findEventType } from "../data/eventTypes";
import { findTeam } from "../data/teams";
import { findUserById } from "../data/users";
import type { Db } from "../db/database";
import { attendees, events, singleUseLinks } from "../db/schema";
import { attendeeWithToken } from "../policies/bookings";

export interface PendingBookingPath {
  user: string;
  eventType: string;
  eventId: string;
  /** The attendee's secret from the scheduling answer (their cancel token). */
  token?: string | undefined;
  paymentIntent?: string | undefined;
}

/**
 * Takes back a booking still awaiting payment (the invitee's payment failed or was
 * abandoned): the attendee who made it, proved by the secret the scheduling answer gave
 * them, loses their seat. The event, its busy time and its single-use link's use go too only
 * when no other attendee remains, so one attendee of a group event cannot drop the others.
 * The path must name the event's event type (its owner's username or team slug, or one of
 * its hosts, and its slug); a given payment intent must be the event's. Throws NOT_FOUND,
 * FORBIDDEN for a missing or wrong secret, CONFLICT for a booking that is not pending.
 */
export async function pendingBookingDeleter(db: Db, path: PendingBookingPath): Promise<void> {
  const notFound = new DomainError("NOT_FOUND", message("booking.notFound"));
  const event = await findEvent(db, path.eventId);
  if (!event) throw notFound;
  const type = await findEventType(db, event.eventTypeId);
  if (!type || type.slug !== path.eventType.toLowerCase()) throw notFound;
  const user = path.user.toLowerCase();
  const [owner, team, hosts] = await Promise.all([
    type.userId ? findUserById(db, type.userId) : null,
    type.teamId ? findTeam(db, type.teamId) : null,
    findEventHosts(db, event.id),
  ]);
  const named =
    owner?.username === user || team?.slug === user || hosts.some((h) => h.username === user);
  if (!named) throw notFound;
  const intent = (event.payment as { paymentIntent?: unknown } | null)?.paymentIntent;
  if (
    path.paymentIntent !== undefined &&
    typeof intent === "string" &&
    intent !== path.paymentIntent
  ) {
    throw notFound;
  }
  const attendee =
    path.token === undefined
      ? undefined
      : attendeeWithToken(await findAttendees(db, event.id), path.token);
  if (!attendee) throw new DomainError("FORBIDDEN", message("booking.linkNotValid"));

  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(events).where(eq(events.id, event.id)).for("update");
    if (!locked) throw notFound;
    if (locked.status !== "PENDING_PAYMENT") {
      throw new DomainError("CONFLICT", message("booking.onlyPendingDeleted"));
    }
    await tx
      .delete(attendees)
      .where(and(eq(attendees.id, attendee.id), eq(attendees.eventId, event.id)));
    const others = await tx
      .select({ id: attendees.id })
      .from(attendees)
      .where(and(eq(attendees.eventId, event.id), eq(attendees.status, "CONFIRMED")))
      .limit(1);
    if (others.length > 0) return;
    await tx
      .update(singleUseLinks)
      .set({ usedAt: null, eventId: null })
      .where(eq(singleUseLinks.eventId, event.id));
    // host_busy and event_hosts go with it (on delete cascade).
    await tx.delete(events).where(eq(events.id, event.id));
  });
}
