import { translator } from "../../i18n/serverI18n";
import { html, isolated } from "../html";
import type { BookingMailData } from "../mailTypes";
import { bookingDetails, detailLine } from "./bookingDetails";
import { headedMail } from "./layout";

/**
 * A booking request awaiting the host's approval: the invitee (and guests) learn it is not yet
 * confirmed, the host where to approve or decline it. No calendar invite until approved.
 */
export function bookingRequested(data: BookingMailData, language: string) {
  const t = translator(language, "mail");
  const names = {
    title: isolated(data.title, language),
    name: isolated(data.invitee.name, language),
  };
  const host = data.role === "host";
  const details = bookingDetails(data, language, { withJoin: false });
  const subject = t(host ? "requested.subjectHost" : "requested.subjectInvitee", names);
  const heading = t(host ? "requested.headingHost" : "requested.headingInvitee", names);
  if (!host || data.actionUrl === undefined) return headedMail(subject, heading, details, language);
  const label = t("requested.answer");
  return headedMail(
    subject,
    heading,
    {
      text: `${details.text}\n\n${detailLine(t, label, data.actionUrl)}`,
      html: html`${details.html}<p style="margin-top:24px;font-size:14px"><a href="${data.actionUrl}" style="color:#155EEF">${label}</a></p>`,
    },
    language,
  );
}
