import type {
  ApprovedData,
  CancelledData,
  ChangeContext,
  ChangeProcessor,
  CreatedData,
  PaidData,
} from "../../booking/bookingChange";
import type { AttendeeRow, HostUser } from "../../data/bookings";
import type { BookingMailContext } from "../../mail/bookingMails";
import { reminderMails } from "../../mail/reminderMails";
import { dropScheduledMails, enqueueScheduledMails } from "../../mail/scheduledMails";
import {
  attendeesNamed,
  changedEvent,
  createdMeetings,
  mailContextOf,
  movedMeeting,
} from "../changedBooking";

/** The reminders and follow-ups a change schedules, or drops. */
export const reminderProcessor: ChangeProcessor = async (context) => {
  switch (context.change.kind) {
    case "created":
      return scheduleCreated(context);
    case "cancelled":
      return dropCancelled(context);
    case "rescheduled":
      return rescheduleMoved(context);
    case "reassigned":
      return rescheduleReassigned(context);
    case "approved":
      return scheduleApproved(context);
    case "paid":
      return schedulePaid(context);
    case "declined":
    case "expired":
      return dropCancelled(context);
    default:
      return;
  }
};

/** Each meeting of a confirmed booking gets its reminders; a pending one when it is confirmed. */
async function scheduleCreated(context: ChangeContext): Promise<void> {
  const data = context.change.data as unknown as CreatedData;
  const type = context.eventType;
  if (type === null || data.status !== "CONFIRMED") return;
  for (const { event, hosts, attendee } of await createdMeetings(context)) {
    await scheduleReminders(context, type, event, hosts, [attendee]);
  }
}

/** A cancelled meeting's reminders not sent yet go; a seat's only its attendee's. */
async function dropCancelled(context: ChangeContext): Promise<void> {
  const data = context.change.data as unknown as CancelledData;
  if (data.scope === "seat") {
    for (const attendeeId of data.attendeeIds) {
      await dropScheduledMails(context.tx, { attendeeId });
    }
    return;
  }
  for (const eventId of data.eventIds) await dropScheduledMails(context.tx, { eventId });
}

/**
 * A moved meeting's reminders were for the former time: they go (a seat's only, when it moved
 * into another event), and a confirmed one gets those of its new time.
 */
async function rescheduleMoved(context: ChangeContext): Promise<void> {
  const type = context.eventType;
  const meeting = await movedMeeting(context);
  if (meeting === null) return;
  const { data, moved, former, attendees, after } = meeting;
  if (data.intoAnotherEvent) {
    for (const attendee of attendees) {
      await dropScheduledMails(context.tx, { attendeeId: attendee.id });
    }
  } else {
    await dropScheduledMails(context.tx, { eventId: moved.id });
  }
  if (type === null || former.status !== "CONFIRMED") return;
  await scheduleReminders(context, type, moved, after, attendees);
}

/** Only now, confirmed, does an approved request get its reminders. */
async function scheduleApproved(context: ChangeContext): Promise<void> {
  const type = context.eventType;
  const changed = await changedEvent(context);
  if (type === null || changed === null) return;
  const { event, hosts } = changed;
  const data = context.change.data as unknown as ApprovedData;
  const booked = await attendeesNamed(context, [event.id], data.attendeeIds);
  await scheduleReminders(context, type, event, hosts, booked);
}

/**
 * Same time, another host: the reminders still to come name the new host (and its copies go to
 * them); those due already are out or going out, and stay as they are.
 */
async function rescheduleReassigned(context: ChangeContext): Promise<void> {
  const type = context.eventType;
  const meeting = await movedMeeting(context);
  if (meeting === null) return;
  const { moved, former, attendees, after } = meeting;
  const dueAfter = context.now;
  await dropScheduledMails(context.tx, { eventId: moved.id }, { dueAfter });
  if (type === null || former.status !== "CONFIRMED") return;
  await scheduleReminders(context, type, moved, after, attendees, { dueAfter });
}

/** A paid booking gets its reminders now; a paid request when it is approved. */
async function schedulePaid(context: ChangeContext): Promise<void> {
  const type = context.eventType;
  const changed = await changedEvent(context);
  const data = context.change.data as unknown as PaidData;
  if (type === null || changed === null || data.request) return;
  const { event, hosts } = changed;
  const paid = await attendeesNamed(context, [event.id], [context.change.attendeeId ?? ""]);
  await scheduleReminders(context, type, event, hosts, paid);
}

/** Schedules the reminders and follow-ups of a meeting's attendees, and the hosts' copies. */
function scheduleReminders(
  context: ChangeContext,
  type: NonNullable<ChangeContext["eventType"]>,
  event: BookingMailContext["event"],
  hosts: readonly HostUser[],
  attendees: readonly AttendeeRow[],
  options: { dueAfter?: Date } = {},
): Promise<void> {
  return enqueueScheduledMails(
    context.tx,
    reminderMails(mailContextOf(context, type, event, hosts), type, attendees, hosts, options),
    context.now,
  );
}
