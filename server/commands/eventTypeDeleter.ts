import { and, eq, gt, ne } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import type { Db } from "../db/database";
import { events, eventTypes } from "../db/schema";
import { loadManagedEventType } from "../policies/eventTypes";

/**
 * Deletes an event type the caller manages, with its past events. Refused (CONFLICT) while
 * upcoming bookings exist, so no invitee's meeting silently disappears. Throws NOT_FOUND,
 * FORBIDDEN as the event type's policy says.
 */
export async function eventTypeDeleter(
  db: Db,
  userId: string,
  eventTypeId: string,
  now: Date,
): Promise<void> {
  await loadManagedEventType(db, userId, eventTypeId);
  const [upcoming] = await db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.eventTypeId, eventTypeId),
        ne(events.status, "CANCELLED"),
        gt(events.endAt, now),
      ),
    )
    .limit(1);
  if (upcoming) throw new DomainError("CONFLICT", message("eventTypes.hasUpcomingBookings"));
  await db.delete(eventTypes).where(eq(eventTypes.id, eventTypeId));
}
