import { toLanguage } from "../i18n/serverI18n";
import type { MailPayload, RenderedMail } from "./mailTypes";
import { meetingIcs } from "./meetingIcs";
import { accountLink } from "./templates/accountLink";
import { bookingCancelled } from "./templates/bookingCancelled";
import { bookingConfirmed } from "./templates/bookingConfirmed";
import { bookingDeclined } from "./templates/bookingDeclined";
import { bookingFollowUp } from "./templates/bookingFollowUp";
import { bookingReminder } from "./templates/bookingReminder";
import { bookingRequested } from "./templates/bookingRequested";
import { bookingRescheduled } from "./templates/bookingRescheduled";
import { calendarFailing } from "./templates/calendarFailing";
import { emailChangeNotice } from "./templates/emailChangeNotice";
import { emailCode } from "./templates/emailCode";
import { emailInUse } from "./templates/emailInUse";
import { hostInvitation } from "./templates/hostInvitation";
import { passwordReset } from "./templates/passwordReset";
import { paymentRefunded } from "./templates/paymentRefunded";
import { teamInvitation } from "./templates/teamInvitation";
import { webhookPaused } from "./templates/webhookPaused";
import { workflowMessage } from "./templates/workflowMessage";

const bookingTemplates = {
  bookingConfirmed,
  bookingCancelled,
  bookingRescheduled,
  bookingRequested,
  bookingDeclined,
  bookingReminder,
  bookingFollowUp,
};
// Requests and their refusals put nothing in a calendar: the invite comes with the approval.
// Reminders and follow-ups change nothing there either: the entry came with the confirmation.
const WITHOUT_ICS: ReadonlySet<string> = new Set([
  "bookingRequested",
  "bookingDeclined",
  "bookingReminder",
  "bookingFollowUp",
]);

/** A payload no template renders: an outbox row written by a newer or broken version. */
export class UnknownTemplateError extends Error {}

/**
 * Turns an outbox payload into subject, text, HTML and the calendar invite, in the recipient's
 * language (English for one this version does not know); pure.
 */
export function renderMail(payload: MailPayload): RenderedMail {
  const language = toLanguage(payload.language) ?? "en";
  if (payload.template === "passwordReset") {
    return {
      to: payload.to,
      ...passwordReset(payload.data, language),
      ics: null,
      attachments: [],
    };
  }
  if (payload.template === "emailVerification" || payload.template === "emailChange") {
    return {
      to: payload.to,
      ...accountLink(payload.template, payload.data, language),
      ics: null,
      attachments: [],
    };
  }
  if (payload.template === "emailChangeNotice") {
    return {
      to: payload.to,
      ...emailChangeNotice(payload.data, language),
      ics: null,
      attachments: [],
    };
  }
  if (payload.template === "paymentRefunded") {
    return {
      to: payload.to,
      ...paymentRefunded(payload.data, language),
      ics: null,
      attachments: [],
    };
  }
  if (payload.template === "webhookPaused") {
    return { to: payload.to, ...webhookPaused(payload.data, language), ics: null, attachments: [] };
  }
  if (payload.template === "emailInUse") {
    return { to: payload.to, ...emailInUse(payload.data, language), ics: null, attachments: [] };
  }
  if (payload.template === "calendarFailing") {
    return {
      to: payload.to,
      ...calendarFailing(payload.data, language),
      ics: null,
      attachments: [],
    };
  }
  if (payload.template === "hostInvitation") {
    return {
      to: payload.to,
      ...hostInvitation(payload.data, language),
      ics: null,
      attachments: [],
    };
  }
  if (payload.template === "teamInvitation") {
    return {
      to: payload.to,
      ...teamInvitation(payload.data, language),
      ics: null,
      attachments: [],
    };
  }
  if (payload.template === "workflowMessage") {
    return {
      to: payload.to,
      ...workflowMessage(payload.data, language),
      ics: null,
      attachments: [],
    };
  }
  if (payload.template === "emailCode") {
    return {
      to: payload.to,
      ...emailCode(payload.data, language),
      ics: null,
      attachments: [],
    };
  }
  const { data } = payload;
  const template = bookingTemplates[payload.template];
  if (template === undefined) {
    throw new UnknownTemplateError(`No mail template "${String(payload.template)}".`);
  }
  const rendered = template(data, language);
  // A host whose group event goes on after one seat is cancelled keeps the calendar entry.
  // One occurrence of a series going while others remain updates the recurring entry (EXDATE).
  const cancel =
    payload.template === "bookingCancelled" &&
    (data.series === undefined || data.series.remaining.length === 0);
  const ics =
    (cancel && data.seatOnly && data.role === "host") || WITHOUT_ICS.has(payload.template)
      ? null
      : {
          method: cancel ? ("CANCEL" as const) : ("REQUEST" as const),
          content: meetingIcs(data, language, cancel ? "CANCEL" : "REQUEST"),
        };
  const attachments =
    data.replacesUid !== undefined && payload.template !== "bookingCancelled"
      ? [
          {
            filename: "cancel.ics",
            contentType: "text/calendar; charset=utf-8; method=CANCEL",
            content: meetingIcs(data, language, "CANCEL", {
              uid: data.replacesUid,
              sequence: data.replacesSequence ?? data.sequence,
              start: data.formerStart ?? data.start,
              end: data.formerEnd ?? data.end,
            }),
          },
        ]
      : [];
  return { to: payload.to, ...rendered, ics, attachments };
}
