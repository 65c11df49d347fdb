import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventRepeatingFreq,
  ICalEventStatus,
} from "ical-generator";
import { Temporal } from "temporal-polyfill";
import type { MailAddress } from "./mailTypes";
import { vtimezone } from "./vtimezone";

/** A weekly series: the event's start and end are its first occurrence's. */
export interface IcsRecurrence {
  /** The zone whose wall-clock time the series keeps (TZID). */
  timeZone: string;
  everyWeeks: number;
  count: number;
  /** Starts (ISO) of occurrences that no longer take place. */
  exdates: readonly string[];
  /** The latest start (ISO) the file names: how far the zone's transitions are written. */
  lastStart: string;
  /**
   * Occurrences moved on their own: each is written as its own VEVENT with the series' UID and
   * the rule's start as RECURRENCE-ID, so a calendar moves that one and keeps the rest.
   */
  overrides?: readonly { recurrenceId: string; start: string; end: string }[] | undefined;
}

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
  recurrence?: IcsRecurrence | undefined;
}

/**
 * A parameter value (CN) as RFC 5545 allows it: quoted, with RFC 6868's caret encoding for
 * the characters a quoted value cannot hold (`^` → `^^`, newline → `^n`, `"` → `^'`).
 * ical-generator backslash-escapes quotes inside CN, which RFC 5545 parameters do not know,
 * so a `"` in a name would end the value early and let the rest be read as more parameters.
 */
export function icsParameterValue(value: string): string {
  // Other control characters have no encoding in a parameter (QSAFE-CHAR): they go.
  const printable = Array.from(value)
    .filter((char) => {
      const code = char.charCodeAt(0);
      return (code >= 0x20 && code !== 0x7f) || char === "\t" || char === "\n" || char === "\r";
    })
    .join("");
  const encoded = printable
    .replace(/\^/g, "^^")
    .replace(/\r\n|\r|\n/g, "^n")
    .replace(/"/g, "^'");
  return `"${encoded}"`;
}

const FOLD_OCTETS = 75;

/** Folds one content line at 75 octets (RFC 5545 3.1), never inside a UTF-8 character. */
function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    // Continuation lines start with a space, which counts against their 75 octets.
    const limit = parts.length === 0 ? FOLD_OCTETS : FOLD_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/**
 * An iCalendar file for one meeting, times in UTC; a weekly series instead carries an RRULE
 * (with EXDATEs for occurrences that no longer take place) and its times in the series' zone
 * with a VTIMEZONE, because a rule over UTC times would drift an hour at every DST change.
 * `method`: REQUEST (invite or update), CANCEL, or PUBLISH (a plain download).
 */
export function icsInvite(event: IcsEvent, method: "REQUEST" | "CANCEL" | "PUBLISH"): string {
  const calendar = ical({
    prodId: { company: "Slotted", product: "Slotted", language: "EN" },
    method: ICalCalendarMethod[method],
  });
  // Names go in as placeholders ical-generator leaves alone and are encoded afterwards.
  const names: string[] = [];
  const placeholder = (address: MailAddress) => {
    names.push(address.name ?? address.email);
    return `slotted-cn-${names.length - 1}`;
  };
  const series = event.recurrence;
  const at = (instant: string) =>
    series === undefined
      ? new Date(instant)
      : Temporal.Instant.from(instant).toZonedDateTimeISO(series.timeZone);
  if (series !== undefined) {
    const from = Date.parse(event.start);
    const to = Date.parse(series.lastStart) + 86_400_000;
    calendar.timezone({ name: null, generator: (zone) => vtimezone(zone, from, to) });
  }
  const shared = {
    id: event.uid,
    sequence: event.sequence,
    stamp: new Date(event.stamp),
    summary: event.title,
    description: event.description,
    location: event.location,
    url: event.url,
    status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: placeholder(event.organizer), email: event.organizer.email },
    attendees: event.attendees.map((a) => ({
      name: placeholder(a),
      email: a.email,
      role: ICalAttendeeRole.REQ,
      status: event.cancelled ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
    })),
  };
  calendar.createEvent({
    ...shared,
    start: at(event.start),
    end: at(event.end),
    ...(series === undefined
      ? {}
      : {
          timezone: series.timeZone,
          repeating: {
            freq: ICalEventRepeatingFreq.WEEKLY,
            interval: series.everyWeeks,
            count: series.count,
            ...(series.exdates.length > 0
              ? { exclude: series.exdates.map(at), excludeTimezone: series.timeZone }
              : {}),
          },
        }),
  });
  for (const override of series?.overrides ?? []) {
    calendar.createEvent({
      ...shared,
      start: at(override.start),
      end: at(override.end),
      timezone: series!.timeZone,
      recurrenceId: at(override.recurrenceId),
    });
  }
  const lines = calendar
    .toString()
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n");
  const withNames = (line: string) =>
    /^(ORGANIZER|ATTENDEE);/.test(line)
      ? line.replace(
          /;CN="slotted-cn-(\d+)"/,
          (_, index: string) => `;CN=${icsParameterValue(names[Number(index)] ?? "")}`,
        )
      : line;
  return lines.map((line) => foldLine(withNames(line))).join("\r\n");
}
