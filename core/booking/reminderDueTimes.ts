import type { FollowUp, Reminder, ReminderRecipient } from "../eventTypes/reminderLimits";
import { MINUTE_MS } from "../time/durations";

/**
 * How late a reminder may still go out when the booking is made (or confirmed, or moved): one
 * due a little before that moment is sent at once, one due earlier is skipped (a "24 hours
 * before" reminder of a meeting booked 2 hours ahead never goes).
 */
export const REMINDER_GRACE_MINUTES = 10;

/** One mail to schedule: what it is, when it is due (epoch ms) and who gets it. */
export interface DueReminder {
  /** "reminder" before the start, "followUp" after the end. */
  purpose: "reminder" | "followUp";
  /** Minutes before the start (reminder) or after the end (follow-up). */
  offset: number;
  dueAt: number;
  to: ReminderRecipient;
}

/**
 * The reminders and follow-up of a meeting from `start` to `end` (epoch ms) that are still worth
 * sending at `now`, each due at its offset in elapsed time (so across a DST change "24 hours
 * before" is 24 real hours, not the same wall-clock time the day before); one that came due
 * within REMINDER_GRACE_MINUTES before `now` is due at `now`. Sorted by due time. Pure.
 */
export function reminderDueTimes(
  settings: { reminders: readonly Reminder[]; followUp: FollowUp | null },
  start: number,
  end: number,
  now: number,
): DueReminder[] {
  const earliest = now - REMINDER_GRACE_MINUTES * MINUTE_MS;
  const due: DueReminder[] = [];
  const add = (
    purpose: DueReminder["purpose"],
    offset: number,
    at: number,
    to: ReminderRecipient,
  ) => {
    if (at < earliest) return;
    due.push({ purpose, offset, dueAt: Math.max(at, now), to });
  };
  for (const reminder of settings.reminders) {
    // A reminder is about a meeting still to come: none once it has started.
    if (start <= now) break;
    add(
      "reminder",
      reminder.minutesBefore,
      start - reminder.minutesBefore * MINUTE_MS,
      reminder.to,
    );
  }
  if (settings.followUp !== null) {
    add(
      "followUp",
      settings.followUp.minutesAfter,
      end + settings.followUp.minutesAfter * MINUTE_MS,
      "invitee",
    );
  }
  return due.sort((a, b) => a.dueAt - b.dueAt || a.offset - b.offset);
}
