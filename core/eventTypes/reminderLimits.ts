// Kept apart from reminderSettings.ts (which builds zod schemas) so the dashboard's form can
// import the limits and the default without bundling zod.

/** Who gets a reminder: the invitee alone, or the invitee and (a copy) each host. */
export const REMINDER_RECIPIENTS = ["invitee", "invitee_and_host"] as const;
export type ReminderRecipient = (typeof REMINDER_RECIPIENTS)[number];

/** A reminder mail sent `minutesBefore` minutes (elapsed time, not wall clock) before the start. */
export interface Reminder {
  minutesBefore: number;
  to: ReminderRecipient;
}

/** A follow-up mail to the invitee `minutesAfter` minutes after the end, with the host's text. */
export interface FollowUp {
  minutesAfter: number;
  text: string;
}

/** The most reminders one event type sends before a meeting. */
export const REMINDERS_MAX = 5;
/** The furthest a reminder may be before the start, or a follow-up after the end: 30 days. */
export const REMINDER_OFFSET_MAX = 30 * 24 * 60;
/** Longest host text in reminders and in the follow-up, in characters. */
export const REMINDER_TEXT_MAX = 2000;

/** What a new event type sends: one reminder 24 hours before, to the invitee. */
export const DEFAULT_REMINDERS: readonly Reminder[] = [{ minutesBefore: 24 * 60, to: "invitee" }];
