import { translator } from "../../i18n/serverI18n";
import { html } from "../html";
import type { BookingMailData } from "../mailTypes";
import { bookingDetails } from "./bookingDetails";
import { htmlLayout, textFooter } from "./layout";

/** The confirmation of a new booking, to the invitee, each guest and each host. */
export function bookingConfirmed(data: BookingMailData, language: string) {
  const t = translator(language, "mail");
  const names = { title: data.title, name: data.invitee.name };
  const details = bookingDetails(data, language);
  const subject = t(
    data.role === "host" ? "confirmed.subjectHost" : "confirmed.subjectInvitee",
    names,
  );
  const heading = t(
    data.role === "host"
      ? "confirmed.headingHost"
      : data.role === "guest"
        ? "confirmed.headingGuest"
        : "confirmed.headingInvitee",
    names,
  );
  return {
    subject,
    text: `${heading}\n\n${details.text}\n\n${textFooter(language)}`,
    html: htmlLayout(
      subject,
      html`<h1 style="font-size:20px;margin:0 0 16px">${heading}</h1>${details.html}`,
      language,
    ),
  };
}
