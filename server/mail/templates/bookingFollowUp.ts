import { translator } from "../../i18n/serverI18n";
import { html, isolated } from "../html";
import type { BookingMailData } from "../mailTypes";
import { bookingDetails } from "./bookingDetails";
import { hostNote } from "./hostNote";
import { headedMail } from "./layout";

/** The follow-up after a meeting, to the invitee: thanks, the host's text, what it was. */
export function bookingFollowUp(data: BookingMailData, language: string) {
  const t = translator(language, "mail");
  const names = { title: isolated(data.title, language) };
  // The meeting is over: no links to change it, no join link.
  const details = bookingDetails(data, language, { withLinks: false, withJoin: false });
  const note = hostNote(data.note, language);
  return headedMail(
    t("followUp.subject", names),
    t("followUp.heading", names),
    { text: `${note.text}${details.text}`, html: html`${note.html}${details.html}` },
    language,
  );
}
