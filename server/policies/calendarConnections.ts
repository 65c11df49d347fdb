import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { type CalendarConnectionRow, findCalendarConnection } from "../data/calendarConnections";
import type { Db, Tx } from "../db/database";

/**
 * A calendar connection is its host's alone: only they see, use, change or delete it; for anyone
 * else it does not exist (its credentials reach nobody else's calendar either).
 */
export function canUseCalendarConnection(userId: string, connection: { userId: string }): boolean {
  return connection.userId === userId;
}

/** The connection when the caller owns it; NOT_FOUND otherwise. */
export async function loadOwnedCalendarConnection(
  db: Db | Tx,
  userId: string,
  id: string,
): Promise<CalendarConnectionRow> {
  const connection = await findCalendarConnection(db, id);
  if (connection === null || !canUseCalendarConnection(userId, connection)) {
    throw new DomainError("NOT_FOUND", message("calendars.notFound"));
  }
  return connection;
}

/**
 * Refuses (FORBIDDEN) a new connection while the host's address is unverified: a CalDAV
 * calendar made by someone who signed up on another person's address would receive that
 * person's bookings after the owner takes the account over, and an ICS address could be theirs
 * to watch.
 */
export function assertCanConnectCalendar(host: { emailVerifiedAt: Date | null } | null): void {
  if (host?.emailVerifiedAt == null) {
    throw new DomainError("FORBIDDEN", message("account.verifyEmailFirst"));
  }
}
