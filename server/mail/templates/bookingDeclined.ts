import { translator } from "../../i18n/serverI18n";
import { isolated } from "../html";
import type { BookingMailData } from "../mailTypes";
import { bookingDetails } from "./bookingDetails";
import { headedMail } from "./layout";

/** A booking request the host declined (with their reason, if any) or left to expire. */
export function bookingDeclined(data: BookingMailData, language: string) {
  const t = translator(language, "mail");
  const names = { title: isolated(data.title, language) };
  const details = bookingDetails(data, language, { withLinks: false, withJoin: false });
  const subject = t(data.expired ? "declined.subjectExpired" : "declined.subject", names);
  const heading = t(data.expired ? "declined.headingExpired" : "declined.heading", names);
  return headedMail(subject, heading, details, language);
}
