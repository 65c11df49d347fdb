import { answerOf } from "../../core/booking/answerOf";
import { inviteeChangeDeadline } from "../../core/booking/inviteeChangeRule";
import type { EventLocation, Question } from "../../core/eventTypes/eventTypeSchema";
import type { AttendeeRow, HostUser } from "../data/bookings";
import type {
  BookingMailData,
  BookingMailPayload,
  BookingTemplate,
  MailLocation,
  MailSeries,
  PaymentMailData,
} from "./mailTypes";

/** The meeting as the mails of one change describe it. */
export interface MailEvent {
  id: string;
  title: string;
  startAt: Date;
  endAt: Date;
  sequence: number;
  location: { type: string; value?: string } | null;
  formerStartAt?: Date | null;
  formerEndAt?: Date | null;
}

export interface BookingMailContext {
  event: MailEvent;
  eventType: {
    description: string;
    questions: readonly Question[];
    locations: readonly EventLocation[];
    /** Whether and until when invitees may change a booking online; absent: until the start. */
    allowCancel?: boolean;
    allowReschedule?: boolean;
    cancelNotice?: number;
    rescheduleNotice?: number;
  };
  /** Every host of the event (the organizer is the first). */
  hosts: readonly HostUser[];
  publicUrl: string;
  now: Date;
  reason?: string | null;
  /** The event is an occurrence of a weekly series: the mails describe the series. */
  series?: MailSeries;
}

/** Who gets a mail of one change: attendees (each with their guests), and which hosts. */
export interface MailRecipients {
  attendees: readonly AttendeeRow[];
  hosts: readonly HostUser[];
  /** cancelled: only these attendees' seats went; the hosts' meeting goes on. */
  seatOnly?: boolean;
  /** Hosts get one mail for the change (naming the first attendee), not one per attendee. */
  hostsOnce?: boolean;
  /** Paid bookings: what each attendee paid (and had refunded), by attendee id. */
  payments?: ReadonlyMap<string, PaymentMailData>;
}

/** The iCalendar UID of a meeting: its event id, which a reschedule keeps. */
export function meetingUid(eventId: string): string {
  return `${eventId}@slotted`;
}

export function cancelUrl(publicUrl: string, attendee: { id: string; cancelToken: string }) {
  return `${publicUrl}/cancel/${attendee.id}/${encodeURIComponent(attendee.cancelToken)}`;
}

export function rescheduleUrl(publicUrl: string, attendee: { id: string; cancelToken: string }) {
  return `${publicUrl}/reschedule/by-attendee/${attendee.id}?token=${encodeURIComponent(attendee.cancelToken)}`;
}

export function mailLocation(
  location: MailEvent["location"],
  offered: readonly EventLocation[],
): MailLocation | null {
  if (location === null) return null;
  const result: MailLocation = { type: location.type, value: location.value ?? null };
  if (location.type === "PHONE_CALL" || location.type === "WHATSAPP") {
    const hostPhone = offered.some(
      (l) =>
        l.type === "PHONE_CALL" &&
        l.options.direction === "INVITEE_CALLS_HOST" &&
        l.options.phone === location.value,
    );
    result.direction = hostPhone ? "INVITEE_CALLS_HOST" : "HOST_CALLS_INVITEE";
  }
  return result;
}

/** Until when the invitee may cancel and reschedule online (ISO), null when not at all. */
function inviteeChangesOf(type: BookingMailContext["eventType"], start: Date) {
  const until = (allowed: boolean | undefined, notice: number | undefined) => {
    const deadline = inviteeChangeDeadline(
      { allowed: allowed ?? true, noticeMinutes: notice ?? 0 },
      start.getTime(),
    );
    return deadline === null ? null : new Date(deadline).toISOString();
  };
  return {
    cancelUntil: until(type.allowCancel, type.cancelNotice),
    rescheduleUntil: until(type.allowReschedule, type.rescheduleNotice),
  };
}

function answerText(value: unknown): string {
  if (Array.isArray(value)) return value.join(", ");
  if (value === true) return "✓";
  return String(value);
}

function answersOf(attendee: AttendeeRow, questions: readonly Question[]) {
  return questions
    .filter((q) => answerOf(attendee.answers, q.id) !== undefined)
    .map((q) => ({ label: q.label, value: answerText(answerOf(attendee.answers, q.id)) }));
}

/**
 * The outbox mails of one booking change: for each attendee, one to them (with their cancel and
 * reschedule links) and one to each of their guests, and for each host one per attendee (with
 * the answers). Every recipient sees the time in their own zone; no attendee sees another's
 * address. Pure.
 */
export function bookingMails(
  template: BookingTemplate,
  context: BookingMailContext,
  recipients: MailRecipients,
): BookingMailPayload[] {
  const { event, eventType, publicUrl } = context;
  const organizer = context.hosts[0] ?? recipients.hosts[0];
  const location = mailLocation(event.location, eventType.locations);
  const mails: BookingMailPayload[] = [];
  for (const [index, attendee] of recipients.attendees.entries()) {
    const base: Omit<
      BookingMailData,
      "role" | "timeZone" | "timeFormat" | "answers" | "cancelUrl" | "rescheduleUrl"
    > = {
      uid: meetingUid(event.id),
      sequence: event.sequence,
      stamp: context.now.toISOString(),
      title: event.title,
      description: eventType.description,
      start: event.startAt.toISOString(),
      end: event.endAt.toISOString(),
      formerStart: event.formerStartAt?.toISOString() ?? null,
      formerEnd: event.formerEndAt?.toISOString() ?? null,
      location,
      organizer: organizer
        ? { email: organizer.email, name: organizer.name }
        : { email: attendee.email },
      hostNames: context.hosts.map((h) => h.name),
      invitee: {
        name: attendee.name,
        email: attendee.email,
        phone: attendee.phone,
        guests: attendee.guests,
      },
      reason: context.reason ?? null,
      seatOnly: recipients.seatOnly ?? false,
      ...(context.series ? { series: context.series } : {}),
      ...(recipients.payments?.has(attendee.id)
        ? { payment: recipients.payments.get(attendee.id)! }
        : {}),
    };
    const links = template === "bookingCancelled" ? null : attendee;
    const forInvitee = {
      ...base,
      timeZone: attendee.timeZone,
      timeFormat: 24 as const,
      answers: [],
      cancelUrl: links ? cancelUrl(publicUrl, links) : null,
      // A series' links manage every occurrence: its pages let the invitee choose which.
      rescheduleUrl: links ? rescheduleUrl(publicUrl, links) : null,
      ...(links ? { inviteeChanges: inviteeChangesOf(eventType, event.startAt) } : {}),
    };
    mails.push({
      template,
      to: { email: attendee.email, name: attendee.name },
      language: attendee.language,
      data: { ...forInvitee, role: "invitee" },
    });
    for (const guest of attendee.guests) {
      mails.push({
        template,
        to: { email: guest },
        language: attendee.language,
        data: { ...forInvitee, role: "guest", cancelUrl: null, rescheduleUrl: null },
      });
    }
    const hosts = recipients.hostsOnce && index > 0 ? [] : recipients.hosts;
    for (const host of hosts) {
      mails.push({
        template,
        to: { email: host.email, name: host.name },
        language: host.language,
        data: {
          ...base,
          role: "host",
          timeZone: host.timeZone,
          timeFormat: host.timeFormat === 12 ? 12 : 24,
          answers: answersOf(attendee, eventType.questions),
          cancelUrl: null,
          rescheduleUrl: null,
        },
      });
    }
  }
  return mails;
}
