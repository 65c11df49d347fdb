import { translator } from "../../i18n/serverI18n";
import { isolated } from "../html";
import type { BookingMailData } from "../mailTypes";
import { bookingDetails } from "./bookingDetails";
import { headedMail } from "./layout";

/** The cancellation of a booking (or of one seat of a group event). */
export function bookingCancelled(data: BookingMailData, language: string) {
  const t = translator(language, "mail");
  const names = {
    title: isolated(data.title, language),
    name: isolated(data.invitee.name, language),
  };
  // A cancelled meeting's join link only invites people into a room nobody will be in.
  const details = bookingDetails(data, language, { withLinks: false, withJoin: false });
  // A host whose group event goes on after one seat is cancelled.
  const hostSeat = data.role === "host" && data.seatOnly;
  const subject = t(
    data.role !== "host"
      ? "cancelled.subjectInvitee"
      : hostSeat
        ? "cancelled.subjectHostSeat"
        : "cancelled.subjectHost",
    names,
  );
  const heading = t(hostSeat ? "cancelled.headingHostSeat" : "cancelled.heading", names);
  return headedMail(subject, heading, details, language);
}
