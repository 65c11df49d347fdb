import { reminderDueTimes } from "../../core/booking/reminderDueTimes";
import type { FollowUp, Reminder } from "../../core/eventTypes/reminderLimits";
import type { AttendeeRow, HostUser } from "../data/bookings";
import { type BookingMailContext, bookingMails } from "./bookingMails";
import type { BookingMailPayload } from "./mailTypes";

/** An event type's reminder settings, as stored. */
export interface ReminderSettings {
  reminders: readonly Reminder[];
  reminderText: string;
  followUp: FollowUp | null;
}

/**
 * A mail due at a later time, about one attendee of one meeting: a reminder before it or the
 * follow-up after it. The outbox keeps the meeting and attendee beside it, so a move or cancel
 * drops it and the worker sends it only while the meeting is confirmed at the time it names.
 */
export interface ScheduledMail {
  payload: BookingMailPayload;
  dueAt: Date;
  eventId: string;
  attendeeId: string;
  purpose: "reminder" | "followUp";
}

/**
 * The reminders and follow-up of a confirmed meeting for `attendees`, as of `context.now`: each
 * reminder to the attendee (in their language and zone, with the manage links, said closed when
 * the event type's notice has run out by the reminder's time) and to each of their guests
 * (in the attendee's language, without the links), and, when the
 * event type asks, a copy to each of `hosts` (in theirs); the follow-up to the attendee alone.
 * Reminders already past (core's grace aside) are left out; with `dueAfter`, every one not due
 * after it (re-planning a meeting whose earlier reminders went out already). Pure.
 */
export function reminderMails(
  context: BookingMailContext,
  settings: ReminderSettings,
  attendees: readonly AttendeeRow[],
  hosts: readonly HostUser[],
  options: { dueAfter?: Date } = {},
): ScheduledMail[] {
  const { event } = context;
  const due = reminderDueTimes(
    settings,
    event.startAt.getTime(),
    event.endAt.getTime(),
    context.now.getTime(),
  );
  const scheduled: ScheduledMail[] = [];
  const after = options.dueAfter?.getTime() ?? Number.NEGATIVE_INFINITY;
  for (const item of due.filter((d) => d.dueAt > after)) {
    const reminder = item.purpose === "reminder";
    for (const attendee of attendees) {
      const mails = bookingMails(reminder ? "bookingReminder" : "bookingFollowUp", context, {
        attendees: [attendee],
        hosts: reminder && item.to === "invitee_and_host" ? hosts : [],
        // Guests are at the meeting too, so they are reminded of it (without the manage links,
        // which are the invitee's); the follow-up thanks the one who booked.
      }).filter((mail) => reminder || mail.data.role !== "guest");
      const note = reminder ? settings.reminderText : (settings.followUp?.text ?? "");
      for (const mail of mails) {
        const data = reminder
          ? { ...mail.data, note, ...closedBy(mail.data.inviteeChanges, item.dueAt) }
          : // After the meeting nothing is left to change.
            { ...mail.data, note, cancelUrl: null, rescheduleUrl: null, inviteeChanges: undefined };
        if (data.inviteeChanges === undefined) delete data.inviteeChanges;
        scheduled.push({
          payload: { ...mail, data },
          dueAt: new Date(item.dueAt),
          eventId: event.id,
          attendeeId: attendee.id,
          purpose: item.purpose,
        });
      }
    }
  }
  return scheduled;
}

/**
 * The invitee's change deadlines as they stand when the reminder is read (`dueAt`): one already
 * past says the change is closed online, not "online until" a time gone by.
 */
function closedBy(
  changes: BookingMailPayload["data"]["inviteeChanges"],
  dueAt: number,
): { inviteeChanges?: { cancelUntil: string | null; rescheduleUntil: string | null } } {
  if (changes === undefined) return {};
  const open = (until: string | null) =>
    until !== null && Date.parse(until) > dueAt ? until : null;
  return {
    inviteeChanges: {
      cancelUntil: open(changes.cancelUntil),
      rescheduleUntil: open(changes.rescheduleUntil),
    },
  };
}
