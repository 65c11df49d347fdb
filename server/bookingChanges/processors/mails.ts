import type {
  ApprovedData,
  CancelledBefore,
  CancelledData,
  CreatedData,
  PaidData,
  RefundedData,
} from "../../booking/bookingChange";
import { moveMails } from "../../booking/eventMove";
import { requestMails } from "../../booking/requestMails";
import { bookingMails, meetingUid } from "../../mail/bookingMails";
import type { BookingMailPayload, MailPayload } from "../../mail/mailTypes";
import type { ChangeContext, ChangeProcessor } from "../changeContext";
import {
  attendeesNamed,
  changedEvent,
  createdMeetings,
  mailContextOf,
  movedMeeting,
  seriesOf,
} from "../changedBooking";

/**
 * The mails of a change to the invitee, their guests and the hosts, written to the outbox; the
 * hosts' mails are kept for their calendars (calendarProcessor).
 */
export const mailProcessor: ChangeProcessor = async (context) => {
  if (context.change.kind === "refunded") return refundedMails(context);
  const told = await mailsOf(context);
  await context.out.mails(
    told.map(({ mail }) => mail),
    context.now,
  );
  for (const item of told) {
    if (item.mail.data.role === "host") context.effects.hostMails.push(item);
  }
};

type Told = { eventId: string; mail: BookingMailPayload }[];

const about = (eventId: string, mails: BookingMailPayload[]): Told =>
  mails.map((mail) => ({ eventId, mail }));

function mailsOf(context: ChangeContext): Promise<Told> {
  switch (context.change.kind) {
    case "created":
      return createdMails(context);
    case "cancelled":
      return cancelledMails(context);
    case "rescheduled":
      return rescheduledMails(context);
    case "reassigned":
      return rescheduledMails(context);
    case "approved":
      return approvedMails(context);
    case "paid":
      return paidMails(context);
    case "declined":
    case "expired":
      return refusedMails(context);
    default:
      return Promise.resolve([]);
  }
}

/**
 * A confirmed booking is confirmed to everyone (a series once, with its recurring invite); a
 * request tells the invitee it waits and asks the hosts to answer; a booking awaiting payment
 * says nothing until paid.
 */
async function createdMails(context: ChangeContext): Promise<Told> {
  const data = context.change.data as unknown as CreatedData;
  const type = context.eventType;
  const [first] = await createdMeetings(context);
  if (type === null || first === undefined || data.status === "PENDING_PAYMENT") return [];
  const { event, hosts, attendee } = first;
  const mailContext = mailContextOf(context, type, event, hosts);
  if (data.status === "PENDING_APPROVAL") {
    return about(event.id, requestMails({ ...mailContext, secret: context.secret }, attendee));
  }
  const series = await seriesOf(context, event, attendee.timeZone);
  return about(
    event.id,
    bookingMails(
      "bookingConfirmed",
      { ...mailContext, ...(series ? { series } : {}) },
      { attendees: [attendee], hosts },
    ),
  );
}

/**
 * A cancelled confirmed booking is told to its attendees (with what their payment refunds), their
 * guests and the hosts: a seat leaving tells the hosts their meeting goes on; an occurrence of a
 * series updates its recurring invite; a series cancelled from one occurrence on is told once.
 */
async function cancelledMails(context: ChangeContext): Promise<Told> {
  const data = context.change.data as unknown as CancelledData;
  const before = context.change.before as unknown as CancelledBefore;
  const type = context.eventType;
  const changed = await changedEvent(context);
  if (type === null || changed === null || before.status !== "CONFIRMED") return [];
  const { event, hosts } = changed;
  const dropped = await attendeesNamed(context, data.eventIds, data.attendeeIds);
  const invitee = dropped.find((a) => a.eventId === event.id) ?? dropped[0];
  if (invitee === undefined) return [];
  const seatOnly = data.scope === "seat";
  const series = await seriesOf(context, event, invitee.timeZone);
  const mailContext = {
    // A seat leaving changes the hosts' meeting (one attendee less) without changing its row.
    ...mailContextOf(
      context,
      type,
      seatOnly ? { ...event, sequence: event.sequence + 1 } : event,
      hosts,
    ),
    reason: data.reason,
    ...(series ? { series } : {}),
  };
  const recipients =
    data.scope === "series"
      ? { attendees: [invitee], hosts }
      : data.scope === "seat"
        ? { attendees: dropped, hosts, seatOnly, payments: context.effects.payments }
        : { attendees: dropped, hosts, hostsOnce: true, payments: context.effects.payments };
  return about(event.id, bookingMails("bookingCancelled", mailContext, recipients));
}

/**
 * A confirmed meeting moved: who stays is told of the new time (an occurrence of a series with
 * the series' invite), hosts who join get it confirmed, hosts who leave get it cancelled; a seat
 * moved into another event replaces the invitee's former invite. A reassignment is told the
 * same way: the hosts who stay, join and leave.
 */
async function rescheduledMails(context: ChangeContext): Promise<Told> {
  const type = context.eventType;
  const meeting = await movedMeeting(context);
  if (type === null || meeting === null || meeting.former.status !== "CONFIRMED") return [];
  const { data, moved, former, attendees, before, after } = meeting;
  // A reassignment keeps the time: its mails name the hosts, not the series.
  const series =
    attendees[0] === undefined || context.change.kind === "reassigned"
      ? undefined
      : await seriesOf(context, moved, attendees[0].timeZone);
  const mails = moveMails(
    context,
    type,
    moved,
    former,
    { attendees, before, after },
    data.reason,
    data.intoAnotherEvent ? meetingUid(former.id) : null,
    series,
  );
  // The hosts who leave are told of the meeting they had: their calendars lose that one.
  return mails.map((mail) => ({
    eventId: mail.template === "bookingCancelled" ? former.id : moved.id,
    mail,
  }));
}

/** An approved request is confirmed to its attendees, their guests and the hosts. */
async function approvedMails(context: ChangeContext): Promise<Told> {
  const type = context.eventType;
  const changed = await changedEvent(context);
  if (type === null || changed === null) return [];
  const { event, hosts } = changed;
  const data = context.change.data as unknown as ApprovedData;
  const booked = await attendeesNamed(context, [event.id], data.attendeeIds);
  return about(
    event.id,
    bookingMails("bookingConfirmed", mailContextOf(context, type, event, hosts), {
      attendees: booked,
      hosts,
    }),
  );
}

/**
 * A declined or expired request is told to its invitee alone (their guests never heard of it),
 * with the host's reason and what their payment refunds.
 */
async function refusedMails(context: ChangeContext): Promise<Told> {
  const type = context.eventType;
  const changed = await changedEvent(context);
  if (type === null || changed === null) return [];
  const { event, hosts } = changed;
  const data = context.change.data as unknown as CancelledData;
  const dropped = await attendeesNamed(context, [event.id], data.attendeeIds);
  const expired = context.change.kind === "expired";
  const mails = bookingMails(
    "bookingDeclined",
    { ...mailContextOf(context, type, event, hosts), reason: data.reason },
    { attendees: dropped, hosts: [], payments: context.effects.payments },
  )
    .filter((mail) => mail.data.role === "invitee")
    .map((mail) => (expired ? { ...mail, data: { ...mail.data, expired: true } } : mail));
  return about(event.id, mails);
}

/** A paid booking is confirmed (a paid request asked of the hosts), each mail with the amount. */
async function paidMails(context: ChangeContext): Promise<Told> {
  const type = context.eventType;
  const changed = await changedEvent(context);
  const attendee = await context.read.attendee(context.change.attendeeId ?? "");
  if (type === null || changed === null || attendee === null) return [];
  const { event, hosts } = changed;
  const data = context.change.data as unknown as PaidData;
  const mailContext = mailContextOf(context, type, event, hosts);
  const mails = (
    data.request
      ? requestMails({ ...mailContext, secret: context.secret }, attendee)
      : bookingMails("bookingConfirmed", mailContext, { attendees: [attendee], hosts })
  ).map((mail) => ({
    ...mail,
    data: { ...mail.data, payment: { amount: data.amount, currency: data.currency } },
  }));
  return about(event.id, mails);
}

/** Each payer refunded is told how much went back, and why (a host, or a payment too late). */
async function refundedMails(context: ChangeContext): Promise<void> {
  const event = await context.read.event(context.change.eventId);
  const data = context.change.data as unknown as RefundedData;
  // Changes recorded before the reason was were all a host's.
  const reason = data.reason ?? "host";
  const mails: MailPayload[] = data.refunds.map((refund) => ({
    template: "paymentRefunded",
    to: { email: refund.payer.email, name: refund.payer.name },
    language: refund.payer.language,
    data: {
      name: refund.payer.name,
      title: event?.title ?? null,
      amount: refund.amount,
      currency: refund.currency,
      reason,
    },
  }));
  await context.out.mails(mails, context.now);
}
