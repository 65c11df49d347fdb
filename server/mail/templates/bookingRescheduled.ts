import { html } from "../html";
import type { BookingMailData } from "../mailTypes";
import { bookingDetails } from "./bookingDetails";
import { type Catalog, stringsFor } from "./catalog";
import { htmlLayout, textFooter } from "./layout";

interface Strings {
  subject: (data: BookingMailData) => string;
  heading: string;
  newHost: string;
}

const strings: Catalog<Strings> = {
  en: {
    subject: (d) =>
      d.role === "host"
        ? `Rescheduled: ${d.title} with ${d.invitee.name}`
        : `Rescheduled: ${d.title}`,
    heading: "This meeting has a new time.",
    newHost: "This meeting has a new host.",
  },
};

/** A booking moved to a new time: the new time, the former one and the reason. */
export function bookingRescheduled(data: BookingMailData, language: string) {
  const t = stringsFor(strings, language);
  const details = bookingDetails(data, language, { withFormer: true });
  const subject = t.subject(data);
  const heading = data.formerStart === data.start ? t.newHost : t.heading;
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
