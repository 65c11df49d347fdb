import { translator } from "../../i18n/serverI18n";
import { isolated } from "../html";
import type { BookingMailData } from "../mailTypes";
import { bookingDetails } from "./bookingDetails";
import { headedMail } from "./layout";

/** The confirmation of a new booking, to the invitee, each guest and each host. */
export function bookingConfirmed(data: BookingMailData, language: string) {
  const t = translator(language, "mail");
  const names = {
    title: isolated(data.title, language),
    name: isolated(data.invitee.name, language),
  };
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
  return headedMail(subject, heading, details, language);
}
