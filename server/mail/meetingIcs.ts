import { translator } from "../i18n/serverI18n";
import { icsInvite } from "./icsInvite";
import type { BookingMailData } from "./mailTypes";
import { detailLine, joinUrl, locationText } from "./templates/bookingDetails";

/** What a calendar file of one meeting says: the mailed invites and the download share it. */
export type MeetingIcsData = Pick<
  BookingMailData,
  | "uid"
  | "sequence"
  | "stamp"
  | "title"
  | "start"
  | "end"
  | "location"
  | "organizer"
  | "cancelUrl"
  | "rescheduleUrl"
  | "series"
> & {
  /** The event type's description; older outbox rows have none. */
  description?: string | null;
  /** A download of a cancelled meeting (PUBLISH) still says so. */
  cancelled?: boolean;
  /** Who attends; null when the file is for someone who may not see them. */
  invitee: { name: string; email: string; guests: readonly string[] } | null;
};

/** The entry a file describes, when it is not the meeting's current one (a replaced entry). */
export interface IcsEntry {
  uid: string;
  sequence: number;
  start: string;
  end: string;
}

/**
 * One meeting as an iCalendar file in the reader's language: DESCRIPTION holds the event
 * type's description and the manage links, LOCATION the join link or the place.
 */
export function meetingIcs(
  data: MeetingIcsData,
  language: string,
  method: "REQUEST" | "CANCEL" | "PUBLISH",
  entry: IcsEntry = data,
): string {
  const t = translator(language, "mail");
  const cancelled = method === "CANCEL" || data.cancelled === true;
  // A cancelled meeting keeps its place but not its join link.
  const join = cancelled ? null : joinUrl(data.location);
  const attendees = data.invitee
    ? [
        { email: data.invitee.email, name: data.invitee.name },
        ...data.invitee.guests.map((email) => ({ email })),
      ]
    : [];
  const description = [
    data.description?.trim() || null,
    data.rescheduleUrl ? detailLine(t, t("details.reschedule"), data.rescheduleUrl) : null,
    data.cancelUrl ? detailLine(t, t("details.cancel"), data.cancelUrl) : null,
  ]
    .filter((part) => part !== null)
    .join("\n\n");
  // A series' own file (not a replaced entry's) is the whole series, as one recurring entry.
  const series = entry === data ? data.series : undefined;
  const what =
    series === undefined ? entry : { uid: series.uid, sequence: series.sequence, ...series.first };
  return icsInvite(
    {
      uid: what.uid,
      sequence: what.sequence,
      stamp: data.stamp,
      start: what.start,
      end: what.end,
      title: data.title,
      description,
      location: data.location ? (join ?? locationText(data.location, language)) : null,
      url: join,
      organizer: data.organizer,
      attendees,
      cancelled,
      recurrence:
        series === undefined
          ? undefined
          : {
              timeZone: series.timeZone,
              everyWeeks: series.everyWeeks,
              count: series.count,
              exdates: series.exdates,
              lastStart: series.lastStart,
              overrides: series.moved,
            },
    },
    method,
  );
}
