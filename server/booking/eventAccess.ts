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

/**
 * Whether a caller may read an attendee's personal details (name, email, phone, answers):
 * with the attendee's secret (compared in constant time), or as a manager of the event. The
 * attendee uuid alone is not enough: it is in page addresses and analytics could see it.
 */
export async function mayReadAttendee(
  db: Db | Tx,
  attendee: AttendeeRow,
  eventType: { userId: string | null; teamId: string | null },
  caller: { token: string | undefined; userId: string | undefined },
): Promise<boolean> {
  if (caller.token !== undefined) return safeEqual(caller.token, attendee.cancelToken);
  if (caller.userId === undefined) return false;
  try {
    await assertEventManager(db, caller.userId, attendee.eventId, eventType);
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.code === "NOT_FOUND") return false;
    throw error;
  }
}
