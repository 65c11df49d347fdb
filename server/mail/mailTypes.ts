import type { WorkflowMessageData } from "./templates/workflowMessage";
/** A recipient. */
export interface MailAddress {
  email: string;
  name?: string;
}

/** Who a booking mail is for: the invitee gets the manage links, hosts get the answers. */
export type MailRole = "invitee" | "guest" | "host";

/** A booked meeting's location as mails show it. */
export interface MailLocation {
  type: string;
  value: string | null;
  /** PHONE_CALL: whether the host calls the invitee or the other way round. */
  direction?: "HOST_CALLS_INVITEE" | "INVITEE_CALLS_HOST";
}

/**
 * Everything a booking mail shows, frozen when the change happens: a mail sent after a retry
 * hours later still says what was true when it was written.
 */
export interface BookingMailData {
  role: MailRole;
  /** iCalendar UID: stable for the meeting across reschedules. */
  uid: string;
  sequence: number;
  /** When the change happened (DTSTAMP). */
  stamp: string;
  title: string;
  /** The event type's description (absent in rows written before it was carried). */
  description?: string;
  start: string;
  end: string;
  /** rescheduled: the time it had before. */
  formerStart: string | null;
  formerEnd: string | null;
  /** The recipient's zone and clock. */
  timeZone: string;
  timeFormat: 12 | 24;
  location: MailLocation | null;
  organizer: MailAddress;
  hostNames: string[];
  invitee: { name: string; email: string; phone: string | null; guests: string[] };
  /** Hosts only: the invitee's answers, by question label. */
  answers: { label: string; value: string }[];
  reason: string | null;
  /** Invitee only. */
  cancelUrl: string | null;
  rescheduleUrl: string | null;
  /**
   * Invitee only: until when they may cancel / reschedule online (ISO), null when not at all;
   * absent in mails written before the setting existed (then: until the start).
   */
  inviteeChanges?: { cancelUntil: string | null; rescheduleUntil: string | null };
  /** requested, host only: where they approve or decline the request. */
  actionUrl?: string;
  /** declined: nobody answered the request before it expired. */
  expired?: boolean;
  /** cancelled: only this invitee left a group event that goes on (no calendar cancel for hosts). */
  seatOnly: boolean;
  /** A paid booking: what was paid (minor units), and what was refunded on cancelling. */
  payment?: PaymentMailData;
  /** reminder, follow-up: the host's own text for the recipient ("" or absent: none). */
  note?: string;
  /** An occurrence of a weekly series: the mail is about the series, its invite recurs. */
  series?: MailSeries;
  /** rescheduled into another event (a GROUP seat move): the calendar entry it replaces. */
  replacesUid?: string;
  replacesSequence?: number;
}

/** A weekly series as its mails and its recurring invite describe it. */
export interface MailSeries {
  /** iCalendar UID of the whole series. */
  uid: string;
  /** Rises with every occurrence cancelled. */
  sequence: number;
  /** The zone whose wall-clock time the series keeps: the invitee's when booking. */
  timeZone: string;
  everyWeeks: number;
  /** Occurrences booked, cancelled ones included (the RRULE's COUNT). */
  count: number;
  first: { start: string; end: string };
  lastStart: string;
  /** Starts of cancelled occurrences (EXDATE). */
  exdates: string[];
  /** Starts and ends of the occurrences that still take place. */
  remaining: { start: string; end: string }[];
  /**
   * Occurrences that take place at another time than the rule gives them: the rule's start
   * (RECURRENCE-ID) and where they are now. Absent in mails written before occurrences moved.
   */
  moved?: { recurrenceId: string; start: string; end: string }[];
}

export interface EmailCodeData {
  code: string;
  minutes: number;
  title: string | null;
}

/** A team invitation: who invites to which team, and the single-use link that accepts. */
export interface TeamInvitationMailData {
  teamName: string;
  inviterName: string;
  role: "admin" | "member";
  url: string;
  days: number;
}

/** The owner's invitation to sign up as a host: who invites, the sign-up link, its lifetime. */
export interface HostInvitationMailData {
  inviterName: string;
  url: string;
  days: number;
}

/** A link that proves the recipient reads the address: sign-up verification or an email change. */
export interface AccountLinkMailData {
  name: string;
  /** The address the link proves. */
  email: string;
  url: string;
  hours: number;
}

/** To the old address of an account someone asked to move to `newEmail`. */
export interface EmailChangeNoticeData {
  name: string;
  newEmail: string;
  /** Where to change the password. */
  url: string;
}

/** To a host whose calendar connection just started failing (once per failure run). */
export interface CalendarFailingData {
  connectionName: string;
  reason:
    | "AUTH_FAILED"
    | "CALENDAR_GONE"
    | "UNREACHABLE"
    | "TIMEOUT"
    | "INVALID_DATA"
    | "PRIVATE_ADDRESS"
    | "TOO_LARGE"
    | "RECONNECT_NEEDED";
  /** The dashboard's calendars screen. */
  url: string;
}

/** To an address another account asked to move to while an account already uses it. */
export interface EmailInUseData {
  /** Where to reset the password of the account that has the address. */
  url: string;
}

/** What a booking mail says about its payment (minor units). */
export interface PaymentMailData {
  amount: number;
  currency: string;
  /** Cancelled: what was refunded (0: nothing, by the refund policy). */
  refunded?: number;
}

/** To a payer whose payment was refunded without a booking: it came after the slot was gone. */
export interface PaymentRefundedData {
  name: string;
  /** The event type's title, when the booking is still known. */
  title: string | null;
  amount: number;
  currency: string;
  /** late: paid after the held time was taken, no booking; host: the host refunded a booking. */
  reason: "late" | "host";
}

/** To a subscription's owner (a host, a team's admins) when the server paused it. */
export interface WebhookPausedData {
  url: string;
  /** gone: the receiver answered 410; failing: a delivery failed for 24 hours. */
  reason: "gone" | "failing";
  /** The dashboard's webhooks screen. */
  manageUrl: string;
}

export type BookingTemplate =
  | "bookingConfirmed"
  | "bookingCancelled"
  | "bookingRescheduled"
  | "bookingRequested"
  | "bookingDeclined"
  | "bookingReminder"
  | "bookingFollowUp";

/** An outbox row's payload of kind "mail": which template, for whom, with what data. */
export interface BookingMailPayload {
  template: BookingTemplate;
  to: MailAddress;
  language: string;
  data: BookingMailData;
}

/** A workflow step's own message; its `data.start` lets the outbox check a timed one is due. */
export interface WorkflowMailPayload {
  template: "workflowMessage";
  to: MailAddress;
  language: string;
  data: WorkflowMessageData;
}

export type MailPayload =
  | BookingMailPayload
  | WorkflowMailPayload
  | { template: "emailCode"; to: MailAddress; language: string; data: EmailCodeData }
  | PasswordResetMailPayload
  | { template: "teamInvitation"; to: MailAddress; language: string; data: TeamInvitationMailData }
  | { template: "hostInvitation"; to: MailAddress; language: string; data: HostInvitationMailData }
  | { template: "emailVerification"; to: MailAddress; language: string; data: AccountLinkMailData }
  | { template: "emailChange"; to: MailAddress; language: string; data: AccountLinkMailData }
  | {
      template: "emailChangeNotice";
      to: MailAddress;
      language: string;
      data: EmailChangeNoticeData;
    }
  | { template: "emailInUse"; to: MailAddress; language: string; data: EmailInUseData }
  | { template: "calendarFailing"; to: MailAddress; language: string; data: CalendarFailingData }
  | { template: "paymentRefunded"; to: MailAddress; language: string; data: PaymentRefundedData }
  | { template: "webhookPaused"; to: MailAddress; language: string; data: WebhookPausedData };

/** A rendered mail, ready for nodemailer. */
export interface RenderedMail {
  to: MailAddress;
  subject: string;
  text: string;
  html: string;
  ics: { method: "REQUEST" | "CANCEL"; content: string } | null;
  /** Further calendar files (the cancellation of a replaced entry). */
  attachments: { filename: string; content: string; contentType: string }[];
}

export interface PasswordResetMailData {
  name: string;
  url: string;
  minutes: number;
}

/** The outbox payload of a password-reset mail (kind "mail"). */
export interface PasswordResetMailPayload {
  template: "passwordReset";
  to: MailAddress;
  language: string;
  data: PasswordResetMailData;
}
