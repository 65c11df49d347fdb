import { eq } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { findEvent, findEventHosts } from "../data/bookings";
import { findEventType } from "../data/eventTypes";
import { findTeam } from "../data/teams";
import { findUserById } from "../data/users";
import type { Db } from "../db/database";
import { events, singleUseLinks } from "../db/schema";

/**
 * Deletes a booking still awaiting payment (the invitee's payment failed or was abandoned),
 * which frees its time and makes its single-use link usable again. The path must name the
 * event's event type (its owner's username or team slug, or one of its hosts, and its slug);
 * a given payment intent must be the event's. Throws NOT_FOUND, CONFLICT for a booking that is
 * not pending.
 */
export async function pendingBookingDeleter(
  db: Db,
  path: { user: string; eventType: string; eventId: string; paymentIntent?: string | undefined },
): Promise<void> {
  const notFound = new DomainError("NOT_FOUND", "Booking not found.");
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

  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(events).where(eq(events.id, event.id)).for("update");
    if (!locked) throw notFound;
    if (locked.status !== "PENDING_PAYMENT") {
      throw new DomainError("CONFLICT", "Only a booking awaiting payment can be deleted.");
    }
    await tx
      .update(singleUseLinks)
      .set({ usedAt: null, eventId: null })
      .where(eq(singleUseLinks.eventId, event.id));
    // host_busy, event_hosts and attendees go with it (on delete cascade).
    await tx.delete(events).where(eq(events.id, event.id));
  });
}
