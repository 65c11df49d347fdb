import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from "ical-generator";
import type { MailAddress } from "./mailTypes";

export interface IcsEvent {
  /** Stable across reschedules, so calendars update the entry instead of adding one. */
  uid: string;
  /** Rises with every change; calendars ignore an update with a lower one. */
  sequence: number;
  stamp: string;
  start: string;
  end: string;
  title: string;
  description: string;
  location: string | null;
  url: string | null;
  organizer: MailAddress;
  attendees: MailAddress[];
  cancelled: boolean;
}

/**
 * An iCalendar file for one meeting, times in UTC. `method`: REQUEST (invite or update),
 * CANCEL, or PUBLISH (a plain download).
 */
export function icsInvite(event: IcsEvent, method: "REQUEST" | "CANCEL" | "PUBLISH"): string {
  const calendar = ical({
    prodId: { company: "Slotted", product: "Slotted", language: "EN" },
    method: ICalCalendarMethod[method],
  });
  calendar.createEvent({
    id: event.uid,
    sequence: event.sequence,
    stamp: new Date(event.stamp),
    start: new Date(event.start),
    end: new Date(event.end),
    summary: event.title,
    description: event.description,
    location: event.location,
    url: event.url,
    status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: {
      name: event.organizer.name ?? event.organizer.email,
      email: event.organizer.email,
    },
    attendees: event.attendees.map((a) => ({
      name: a.name ?? a.email,
      email: a.email,
      role: ICalAttendeeRole.REQ,
      status: event.cancelled ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
    })),
  });
  return calendar.toString();
}
