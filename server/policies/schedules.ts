import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";

/**
 * A schedule is its owner's alone: only they see it, change it, delete it or put it on an
 * event type. Another host's schedule does not exist for anyone else.
 */
export function canManageSchedule(userId: string, schedule: { userId: string }): boolean {
  return schedule.userId === userId;
}

/** The schedule when the caller owns it; NOT_FOUND otherwise. */
export function assertCanManageSchedule<T extends { userId: string }>(
  userId: string,
  schedule: T | null,
): T {
  if (schedule === null || !canManageSchedule(userId, schedule)) {
    throw new DomainError("NOT_FOUND", message("schedules.notFound"));
  }
  return schedule;
}
