import { html } from "../html";
import type { BookingMailData } from "../mailTypes";
import { bookingDetails } from "./bookingDetails";
import { type Catalog, stringsFor } from "./catalog";
import { htmlLayout, textFooter } from "./layout";

interface Strings {
  subject: (data: BookingMailData) => string;
  heading: (data: BookingMailData) => string;
}

const strings: Catalog<Strings> = {
  en: {
    subject: (d) =>
      d.role === "host"
        ? d.seatOnly
          ? `Cancelled seat: ${d.invitee.name} for ${d.title}`
          : `Cancelled: ${d.title} with ${d.invitee.name}`
        : `Cancelled: ${d.title}`,
    heading: (d) =>
      d.role === "host" && d.seatOnly
        ? `${d.invitee.name} cancelled their seat. The event takes place for the others.`
        : "This meeting has been cancelled.",
  },
};

/** The cancellation of a booking (or of one seat of a group event). */
export function bookingCancelled(data: BookingMailData, language: string) {
  const t = stringsFor(strings, language);
  const details = bookingDetails(data, language, { withLinks: false });
  const heading = t.heading(data);
  const subject = t.subject(data);
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
