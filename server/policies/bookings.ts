import { inviteeChangeRefusal } from "../../core/booking/inviteeChangeRule";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { safeEqual } from "../auth/secrets";
import { hasRequestSignature } from "../booking/requestLinks";
import { type AttendeeRow, isEventHost } from "../data/bookings";
import { roleInTeam, type TeamRole } from "../data/teams";
import type { Db, Tx } from "../db/database";

/** Whose the event's event type is: a host's own (`userId`) or a team's (`teamId`). */
export interface EventOwner {
  userId: string | null;
  teamId: string | null;
}

/**
 * Who manages an event as its host (cancels it for everyone, moves it, changes its round-robin
 * host, reads its attendees): the event type's owner, one of the event's hosts, or an admin of
 * the event type's team.
 */
export function canManageEvent(
  userId: string,
  eventType: EventOwner,
  caller: { isHost: boolean; teamRole: TeamRole | null },
): boolean {
  return eventType.userId === userId || caller.isHost || caller.teamRole === "admin";
}

/** canManageEvent for `userId` and the event `eventId`, with the facts loaded. */
async function managesEvent(
  db: Db | Tx,
  userId: string,
  eventId: string,
  eventType: EventOwner,
): Promise<boolean> {
  if (eventType.userId === userId) return true;
  const [isHost, teamRole] = await Promise.all([
    isEventHost(db, eventId, userId),
    eventType.teamId === null ? null : roleInTeam(db, userId, eventType.teamId),
  ]);
  return canManageEvent(userId, eventType, { isHost, teamRole });
}

/** Throws NOT_FOUND unless `userId` manages the event (it does not exist for anyone else). */
export async function assertCanManageEvent(
  db: Db | Tx,
  userId: string,
  eventId: string,
  eventType: EventOwner,
): Promise<void> {
  if (!(await managesEvent(db, userId, eventId, eventType))) {
    throw new DomainError("NOT_FOUND", message("booking.notFound"));
  }
}

/**
 * Whether `token` is the attendee's secret (from their cancel or reschedule link), compared in
 * constant time.
 */
export function hasAttendeeToken(attendee: AttendeeRow, token: string | undefined): boolean {
  return token !== undefined && safeEqual(token, attendee.cancelToken);
}

/** Throws FORBIDDEN unless `signature` is the request answer link's (requestLinks.ts). */
export function assertRequestSignature(
  secret: string,
  eventId: string,
  signature: string,
  hostId?: string,
): void {
  if (!hasRequestSignature(secret, eventId, signature, hostId)) {
    throw new DomainError("FORBIDDEN", message("booking.linkNotValid"));
  }
}

/** Throws FORBIDDEN unless `token` is the attendee's secret (hasAttendeeToken). */
export function assertAttendeeToken(attendee: AttendeeRow, token: string | undefined): void {
  if (!hasAttendeeToken(attendee, token)) {
    throw new DomainError("FORBIDDEN", message("booking.linkNotValid"));
  }
}

/**
 * The attendee among `attendees` whose secret `token` is, if any. Every attendee's secret is
 * compared, so the time taken says nothing about which one matched.
 */
export function attendeeWithToken(
  attendees: readonly AttendeeRow[],
  token: string | undefined,
): AttendeeRow | undefined {
  const matches = attendees.filter((attendee) => hasAttendeeToken(attendee, token));
  return matches[0];
}

/**
 * Whether a caller may read an attendee's personal details (name, email, phone, answers):
 * with the attendee's secret, or as a manager of the event. The attendee uuid alone is not
 * enough: it is in page addresses and analytics could see it.
 */
export async function canReadAttendee(
  db: Db | Tx,
  attendee: AttendeeRow,
  eventType: EventOwner,
  caller: { token: string | undefined; userId: string | undefined },
): Promise<boolean> {
  if (caller.token !== undefined) return hasAttendeeToken(attendee, caller.token);
  if (caller.userId === undefined) return false;
  return managesEvent(db, caller.userId, attendee.eventId, eventType);
}

/** What an event type says about invitees changing their bookings online. */
export interface InviteeChangeSettings {
  allowCancel: boolean;
  allowReschedule: boolean;
  cancelNotice: number;
  rescheduleNotice: number;
}

/**
 * Whether the invitee may cancel or reschedule the meeting starting at `start` online at `now`,
 * under the event type's settings (a host is never asked). Throws CONFLICT with a message saying
 * they cannot at all, or no longer, and to contact the host.
 */
export function assertInviteeMayChange(
  type: InviteeChangeSettings,
  change: "cancel" | "reschedule",
  start: Date,
  now: Date,
): void {
  const rule =
    change === "cancel"
      ? { allowed: type.allowCancel, noticeMinutes: type.cancelNotice }
      : { allowed: type.allowReschedule, noticeMinutes: type.rescheduleNotice };
  const refusal = inviteeChangeRefusal(rule, start.getTime(), now.getTime());
  if (refusal === null) return;
  const key =
    change === "cancel"
      ? refusal === "NOT_ALLOWED"
        ? "booking.cancelNotAllowed"
        : "booking.cancelTooLate"
      : refusal === "NOT_ALLOWED"
        ? "booking.rescheduleNotAllowed"
        : "booking.rescheduleTooLate";
  throw new DomainError("CONFLICT", message(key));
}
