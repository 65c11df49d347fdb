import type {
  ApprovedData,
  CancelledBefore,
  CancelledData,
  CreatedData,
  PaidData,
  RescheduledBefore,
} from "../../booking/bookingChange";
import type { ChangeContext, ChangeProcessor } from "../changeContext";
import { createdMeetings, eventRowOf, movedMeeting } from "../changedBooking";

/**
 * The webhook deliveries of a change, one payload builder for every event (announceBooking:
 * the booking as it now is, with what it was before).
 */
export const webhookProcessor: ChangeProcessor = async (context) => {
  switch (context.change.kind) {
    case "created":
      return announceCreated(context);
    case "cancelled":
      return announceCancelled(context);
    case "rescheduled":
      return announceRescheduled(context);
    case "reassigned":
      return announceReassigned(context);
    case "approved":
      // A request is announced only now, when it becomes a booking.
      return context.out.announce("booking.created", context.change.eventId, context.now, {
        attendeeIds: (context.change.data as unknown as ApprovedData).attendeeIds,
      });
    case "declined":
    case "expired":
      return announceRefused(context);
    case "paid":
      return announcePaid(context);
    case "payment_failed":
      return context.out.announce("booking.payment_failed", context.change.eventId, context.now, {
        attendeeIds: [context.change.attendeeId ?? ""],
      });
    case "no_show":
    case "no_show_undone":
      // The mark and its undoing both: the attendee's noShowAt says which.
      return context.out.announce("booking.no_show", context.change.eventId, context.now, {
        attendeeIds: [context.change.attendeeId ?? ""],
      });
    default:
      return;
  }
};

/**
 * booking.created for each meeting of a booking confirmed now; a paid one is announced when
 * paid, a request when approved, so no receiver hears of a booking that never happens.
 */
async function announceCreated(context: ChangeContext): Promise<void> {
  const data = context.change.data as unknown as CreatedData;
  if (data.status !== "CONFIRMED") return;
  for (const { event, attendee } of await createdMeetings(context)) {
    await context.out.announce("booking.created", event.id, context.now, {
      attendeeIds: [attendee.id],
    });
  }
}

/** booking.cancelled of a confirmed meeting or seat, for the attendees it concerned. */
async function announceCancelled(context: ChangeContext): Promise<void> {
  const data = context.change.data as unknown as CancelledData;
  const before = context.change.before as unknown as CancelledBefore;
  // The series' own cancellation is told in its mails only.
  if (before.status !== "CONFIRMED" || data.scope === "series") return;
  if (data.attendeeIds.length === 0) return;
  await context.out.announce("booking.cancelled", context.change.eventId, context.now, {
    attendeeIds: data.attendeeIds,
  });
}

/**
 * booking.rescheduled of a confirmed meeting with its former time; a seat's for its attendee,
 * under its former meeting's key when it moved into another (it follows that booking's events).
 */
async function announceRescheduled(context: ChangeContext): Promise<void> {
  const { change } = context;
  const former = eventRowOf((change.before as unknown as RescheduledBefore).event);
  if (former.status !== "CONFIRMED") return;
  await context.out.announce("booking.rescheduled", change.eventId, context.now, {
    ...(change.attendeeId ? { attendeeIds: [change.attendeeId] } : {}),
    former: { startAt: former.startAt, endAt: former.endAt },
    ...(former.id !== change.eventId ? { orderKey: former.id } : {}),
  });
}

/**
 * booking.cancelled of a refused request: never announced as created, but a paid request was
 * announced as paid, and a receiver that tracks requests learns how each ended.
 */
async function announceRefused(context: ChangeContext): Promise<void> {
  const data = context.change.data as unknown as CancelledData;
  await context.out.announce("booking.cancelled", context.change.eventId, context.now, {
    attendeeIds: data.attendeeIds,
    requestRefused: context.change.kind === "expired" ? "expired" : "declined",
  });
}

/**
 * booking.reassigned of a confirmed meeting, with the hosts it had: its time is the same, and a
 * receiver that syncs hosts' calendars needs the host change.
 */
async function announceReassigned(context: ChangeContext): Promise<void> {
  const meeting = await movedMeeting(context);
  if (meeting === null || meeting.former.status !== "CONFIRMED") return;
  await context.out.announce("booking.reassigned", context.change.eventId, context.now, {
    formerHosts: meeting.before,
  });
}

/**
 * A paid booking is announced when it is paid: created (it now exists), then paid. A paid
 * request is created only when a host approves it.
 */
async function announcePaid(context: ChangeContext): Promise<void> {
  const { change } = context;
  const concerned = { attendeeIds: [change.attendeeId ?? ""] };
  if (!(change.data as unknown as PaidData).request) {
    await context.out.announce("booking.created", change.eventId, context.now, concerned);
  }
  await context.out.announce("booking.paid", change.eventId, context.now, concerned);
}
