import { toLanguage } from "../i18n/serverI18n";
import type { MailPayload, RenderedMail } from "./mailTypes";
import { meetingIcs } from "./meetingIcs";
import { accountLink } from "./templates/accountLink";
import { bookingCancelled } from "./templates/bookingCancelled";
import { bookingConfirmed } from "./templates/bookingConfirmed";
import { bookingDeclined } from "./templates/bookingDeclined";
import { bookingRequested } from "./templates/bookingRequested";
import { bookingRescheduled } from "./templates/bookingRescheduled";
import { emailChangeNotice } from "./templates/emailChangeNotice";
import { emailCode } from "./templates/emailCode";
import { emailInUse } from "./templates/emailInUse";
import { passwordReset } from "./templates/passwordReset";
import { paymentRefunded } from "./templates/paymentRefunded";
import { teamInvitation } from "./templates/teamInvitation";

const bookingTemplates = {
  bookingConfirmed,
  bookingCancelled,
  bookingRescheduled,
  bookingRequested,
  bookingDeclined,
};
// Requests and their refusals put nothing in a calendar: the invite comes with the approval.
const WITHOUT_ICS: ReadonlySet<string> = new Set(["bookingRequested", "bookingDeclined"]);

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
  if (payload.template === "emailInUse") {
    return { to: payload.to, ...emailInUse(payload.data, language), ics: null, attachments: [] };
  }
  if (payload.template === "teamInvitation") {
    return {
      to: payload.to,
      ...teamInvitation(payload.data, language),
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
  const cancel = payload.template === "bookingCancelled";
  const ics =
    (cancel && data.seatOnly && data.role === "host") || WITHOUT_ICS.has(payload.template)
      ? null
      : {
          method: cancel ? ("CANCEL" as const) : ("REQUEST" as const),
          content: meetingIcs(data, language, cancel ? "CANCEL" : "REQUEST"),
        };
  const attachments =
    data.replacesUid !== undefined && !cancel
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
