import ICAL from "ical.js";
import { Temporal } from "temporal-polyfill";
import { canonicalTimeZone } from "../../core/time/canonicalTimeZone";
import { type BusyInterval, CalendarSourceError } from "./calendarSource";

/** Occurrences looked at per recurring event at most (a daily rule from 1990 is ~13k). */
const MAX_OCCURRENCES = 50_000;

type IcalComponent = InstanceType<typeof ICAL.Component>;
type IcalTime = InstanceType<typeof ICAL.Time>;

/**
 * The busy occurrences in [from, to) of the events in one iCalendar text (a feed or CalDAV
 * objects): recurrences expanded (RRULE, RDATE, EXDATE, RECURRENCE-ID overrides), cancelled and
 * free (TRANSP:TRANSPARENT) ones left out. Times with a TZID are read in that zone (an IANA name
 * through the platform's zone data, another name through the file's VTIMEZONE), all-day and
 * floating times in `calendarZone`. Throws CalendarSourceError INVALID_DATA for text that is
 * not iCalendar.
 */
export function icsBusyIntervals(
  text: string,
  from: number,
  to: number,
  calendarZone: string,
): BusyInterval[] {
  let root: IcalComponent;
  try {
    const parsed = ICAL.parse(text);
    root = new ICAL.Component(parsed as unknown[]);
  } catch (error) {
    throw new CalendarSourceError("INVALID_DATA", String(error));
  }
  if (root.name !== "vcalendar") throw new CalendarSourceError("INVALID_DATA", root.name);
  const zones = new Map<string, InstanceType<typeof ICAL.Timezone>>();
  for (const vtimezone of root.getAllSubcomponents("vtimezone")) {
    const tzid = vtimezone.getFirstPropertyValue("tzid");
    if (typeof tzid === "string") zones.set(tzid, new ICAL.Timezone(vtimezone));
  }
  const reader = new TimeReader(zones, calendarZone);
  const byUid = new Map<string, { master: IcalComponent | null; overrides: IcalComponent[] }>();
  for (const vevent of root.getAllSubcomponents("vevent")) {
    const uid = String(vevent.getFirstPropertyValue("uid") ?? "");
    if (!vevent.hasProperty("dtstart")) continue;
    const entry = byUid.get(uid) ?? { master: null, overrides: [] };
    if (vevent.hasProperty("recurrence-id")) entry.overrides.push(vevent);
    else entry.master = vevent;
    byUid.set(uid, entry);
  }
  const busy: BusyInterval[] = [];
  const add = (
    uid: string,
    item: IcalComponent,
    start: IcalTime,
    end: IcalTime,
    exactMs?: number,
  ) => {
    if (!blocks(item)) return;
    const startMs = reader.instant(start, item, "dtstart");
    let endMs =
      exactMs !== undefined
        ? startMs + exactMs
        : reader.instant(end, item, item.hasProperty("dtend") ? "dtend" : "dtstart");
    if (endMs <= startMs)
      endMs = start.isDate ? reader.instant(dayAfter(start), item, "dtstart") : startMs;
    if (endMs <= startMs) return;
    if (startMs < to && endMs > from) busy.push({ uid, start: startMs, end: endMs });
  };
  for (const [uid, { master, overrides }] of byUid) {
    if (master === null) {
      // Overrides whose series the server did not send: each stands alone.
      for (const override of overrides) {
        const event = new ICAL.Event(override);
        add(uid, override, event.startDate, event.endDate);
      }
      continue;
    }
    const event = new ICAL.Event(master);
    for (const override of overrides) event.relateException(override);
    if (!event.isRecurring()) {
      add(uid, master, event.startDate, event.endDate);
      continue;
    }
    // A timed occurrence lasts as long as the first (RFC 5545 3.8.5.3): its wall-clock end
    // read alone would come before a start that a spring gap moved forward.
    const exactMs = event.startDate.isDate
      ? undefined
      : reader.instant(event.endDate, master, master.hasProperty("dtend") ? "dtend" : "dtstart") -
        reader.instant(event.startDate, master, "dtstart");
    const seen = new Set<string>();
    const iterator = event.iterator();
    for (let count = 0; count < MAX_OCCURRENCES; count += 1) {
      const next = iterator.next();
      if (!next) break;
      const occurrenceStart = reader.instant(next, master, "dtstart");
      // An override may move an occurrence anywhere, so those past the window are checked below.
      if (occurrenceStart >= to) break;
      const details = event.getOccurrenceDetails(next);
      seen.add(next.toString());
      const own = details.item.component === master ? exactMs : undefined;
      add(uid, details.item.component, details.startDate, details.endDate, own);
    }
    for (const override of overrides) {
      const recurrenceId = override.getFirstPropertyValue("recurrence-id") as IcalTime | null;
      if (recurrenceId === null || seen.has(recurrenceId.toString())) continue;
      const moved = new ICAL.Event(override);
      if (reader.instant(recurrenceId, override, "recurrence-id") >= to) {
        add(uid, override, moved.startDate, moved.endDate);
      }
    }
  }
  return busy;
}

/** Whether an event takes the host's time: not cancelled, not marked free. */
function blocks(vevent: IcalComponent): boolean {
  const status = String(vevent.getFirstPropertyValue("status") ?? "").toUpperCase();
  const transp = String(vevent.getFirstPropertyValue("transp") ?? "").toUpperCase();
  return status !== "CANCELLED" && transp !== "TRANSPARENT";
}

function dayAfter(date: IcalTime): IcalTime {
  const next = date.clone();
  next.adjust(1, 0, 0, 0);
  return next;
}

/** Turns ical.js times into instants, by the zone their property names. */
class TimeReader {
  private readonly ianaByTzid = new Map<string, string | null>();

  constructor(
    private readonly zones: Map<string, InstanceType<typeof ICAL.Timezone>>,
    private readonly calendarZone: string,
  ) {}

  instant(time: IcalTime, component: IcalComponent, property: string): number {
    if (time.isDate) return this.wallClock(time, this.calendarZone);
    if (time.zone === ICAL.Timezone.utcTimezone) return time.toUnixTime() * 1000;
    const tzid = component.getFirstProperty(property)?.getParameter("tzid");
    const name = typeof tzid === "string" ? tzid : null;
    if (name === null) return this.wallClock(time, this.calendarZone);
    const iana = this.iana(name);
    if (iana !== null) return this.wallClock(time, iana);
    const vtimezone = this.zones.get(name);
    if (vtimezone !== undefined) {
      const zoned = time.clone();
      zoned.zone = vtimezone;
      return zoned.toUnixTime() * 1000;
    }
    return this.wallClock(time, this.calendarZone);
  }

  private iana(tzid: string): string | null {
    const known = this.ianaByTzid.get(tzid);
    if (known !== undefined) return known;
    let iana: string | null;
    try {
      // Some writers quote or prefix the name ("/mozilla.org/.../Europe/Berlin").
      iana = canonicalTimeZone(tzid.replace(/^\/.*?\/.*?\/(?=[A-Z])/, ""));
    } catch {
      iana = null;
    }
    this.ianaByTzid.set(tzid, iana);
    return iana;
  }

  /** A wall-clock reading in `zone`: a skipped time moves forward, a repeated one takes the first. */
  private wallClock(time: IcalTime, zone: string): number {
    return Temporal.PlainDateTime.from({
      year: time.year,
      month: time.month,
      day: time.day,
      hour: time.isDate ? 0 : time.hour,
      minute: time.isDate ? 0 : time.minute,
      second: time.isDate ? 0 : Math.min(time.second, 59),
    }).toZonedDateTime(zone, { disambiguation: "compatible" }).epochMilliseconds;
  }
}
