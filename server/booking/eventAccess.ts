import { DomainError } from "../../core/errors";
import { safeEqual } from "../auth/secrets";
import { type AttendeeRow, isEventHost } from "../data/bookings";
import { roleInTeam } from "../data/teams";
import type { Db, Tx } from "../db/database";

/**
 * Who may change an event as its host: one of its hosts, the event type's owner, or an admin
 * of the event type's team. Anyone else gets NOT_FOUND (the event does not exist for them).
 */
export async function assertEventManager(
  db: Db | Tx,
  userId: string,
  eventId: string,
  eventType: { userId: string | null; teamId: string | null },
): Promise<void> {
  if (eventType.userId === userId) return;
  if (await isEventHost(db, eventId, userId)) return;
  if (eventType.teamId !== null && (await roleInTeam(db, userId, eventType.teamId)) === "admin") {
    return;
  }
  throw new DomainError("NOT_FOUND", "Booking not found.");
}

/**
 * Checks an attendee's secret (from their cancel or reschedule link) in constant time; throws
 * FORBIDDEN when it is missing or wrong.
 */
export function assertAttendeeToken(attendee: AttendeeRow, token: string | undefined): void {
  if (token === undefined || !safeEqual(token, attendee.cancelToken)) {
    throw new DomainError("FORBIDDEN", "This link is not valid for this booking.");
  }
}
