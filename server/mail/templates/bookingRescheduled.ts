import { translator } from "../../i18n/serverI18n";
import { isolated } from "../html";
import type { BookingMailData } from "../mailTypes";
import { bookingDetails } from "./bookingDetails";
import { headedMail } from "./layout";

/** A booking moved to a new time: the new time, the former one and the reason. */
export function bookingRescheduled(data: BookingMailData, language: string) {
  const t = translator(language, "mail");
  const details = bookingDetails(data, language, { withFormer: true });
  const subject = t(
    data.role === "host" ? "rescheduled.subjectHost" : "rescheduled.subjectInvitee",
    { title: isolated(data.title, language), name: isolated(data.invitee.name, language) },
  );
  // Same time, another host: a round-robin booking handed over.
  const heading = t(
    data.formerStart === data.start ? "rescheduled.headingNewHost" : "rescheduled.heading",
  );
  return headedMail(subject, heading, details, language);
}
