import { translator } from "../../i18n/serverI18n";
import { html, isolated } from "../html";
import type { BookingMailData } from "../mailTypes";
import { bookingDetails } from "./bookingDetails";
import { hostNote } from "./hostNote";
import { headedMail } from "./layout";

/**
 * A reminder before a meeting: to the invitee with the manage links, or a copy to a host with
 * the answers; the host's note first.
 */
export function bookingReminder(data: BookingMailData, language: string) {
  const t = translator(language, "mail");
  const names = {
    title: isolated(data.title, language),
    name: isolated(data.invitee.name, language),
  };
  const details = bookingDetails(data, language);
  const note = hostNote(data.note, language);
  const host = data.role === "host";
  return headedMail(
    t(host ? "reminder.subjectHost" : "reminder.subjectInvitee", names),
    t(host ? "reminder.headingHost" : "reminder.headingInvitee", names),
    { text: `${note.text}${details.text}`, html: html`${note.html}${details.html}` },
    language,
  );
}
