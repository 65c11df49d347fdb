import type { AttendeeRow } from "../data/bookings";
import { type BookingMailContext, bookingMails } from "../mail/bookingMails";
import type { BookingMailPayload } from "../mail/mailTypes";
import { requestAnswerUrl } from "./requestLinks";

/**
 * The mails of a booking request (PENDING_APPROVAL): the invitee is told it awaits approval, the
 * hosts get the signed link to answer it; the invitee's guests hear only of a confirmed meeting.
 */
export function requestMails(
  context: BookingMailContext & { secret: string },
  attendee: AttendeeRow,
): BookingMailPayload[] {
  const { secret, ...mailContext } = context;
  // Each host's link is their own, so an answer is recorded as theirs.
  const hostIdOf = (email: string) =>
    context.hosts.find((host) => host.email.toLowerCase() === email.toLowerCase())?.id;
  return bookingMails("bookingRequested", mailContext, {
    attendees: [attendee],
    hosts: context.hosts,
  })
    .filter((mail) => mail.data.role !== "guest")
    .map((mail) => {
      const hostId = mail.data.role === "host" ? hostIdOf(mail.to.email) : undefined;
      if (hostId === undefined) return mail;
      const actionUrl = requestAnswerUrl(context.publicUrl, secret, context.event.id, hostId);
      return { ...mail, data: { ...mail.data, actionUrl } };
    });
}
