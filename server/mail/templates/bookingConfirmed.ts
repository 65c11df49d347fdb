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
        ? `New booking: ${d.title} with ${d.invitee.name}`
        : `Confirmed: ${d.title}`,
    heading: (d) =>
      d.role === "host"
        ? `${d.invitee.name} booked ${d.title}.`
        : d.role === "guest"
          ? `${d.invitee.name} invited you to ${d.title}.`
          : "Your booking is confirmed.",
  },
};

/** The confirmation of a new booking, to the invitee, each guest and each host. */
export function bookingConfirmed(data: BookingMailData, language: string) {
  const t = stringsFor(strings, language);
  const details = bookingDetails(data, language);
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
