import ICAL from "ical.js";
import { Temporal } from "temporal-polyfill";
import { canonicalTimeZone } from "../../core/time/canonicalTimeZone";
import { DAY_MS } from "../../core/time/durations";
import {
  MAX_SERIES_UNITS,
  MAX_STEPS_PER_OCCURRENCE,
  ReadBudget,
  yieldToEventLoop,
} from "./busyLimits";
import { type BusyInterval, CalendarSourceError } from "./calendarSource";

type IcalComponent = InstanceType<typeof ICAL.Component>;
type IcalTime = InstanceType<typeof ICAL.Time>;

/** More than any zone's offset: a wall-clock time read as UTC is within this of its instant. */
const ZONE_SLACK_MS = 2 * DAY_MS;
/** Events parsed at a time (or fewer, when their text passes BATCH_CHARS). */
const BATCH_EVENTS = 200;
const BATCH_CHARS = 256 * 1024;

/**
 * The busy occurrences in [from, to) of the events in one iCalendar text (a feed or CalDAV
 * objects): recurrences expanded (RRULE, RDATE, EXDATE, RECURRENCE-ID overrides), cancelled and
 * free (TRANSP:TRANSPARENT) ones left out, the touching or overlapping occurrences of one event
 * merged. Times with a TZID are read in that zone (an IANA name through the platform's zone
 * data, another name through the file's VTIMEZONE), all-day and floating times in
 * `calendarZone`. The work is paid from `budget` and done in batches that yield to the event
 * loop; an event whose expansion passes MAX_SERIES_UNITS or `budget.maxIntervals`, or a budget
 * spent, ends the reading there with `budget.truncated` set. Throws CalendarSourceError
 * INVALID_DATA for text that is not iCalendar.
 */
export async function icsBusyIntervals(
  text: string,
  from: number,
  to: number,
  calendarZone: string,
  budget: ReadBudget = new ReadBudget(),
): Promise<BusyInterval[]> {
  const { head, events } = splitCalendar(text);
  const zones = new Map<string, InstanceType<typeof ICAL.Timezone>>();
  for (const vtimezone of parseCalendar(head).getAllSubcomponents("vtimezone")) {
    const tzid = vtimezone.getFirstPropertyValue("tzid");
    if (typeof tzid === "string") zones.set(tzid, new ICAL.Timezone(vtimezone));
  }
  const reader = new TimeReader(zones, calendarZone);
  const byUid = new Map<string, { master: IcalComponent | null; overrides: IcalComponent[] }>();
  // Parsed in batches: ical.js parses 5 MB in one call of ~200 ms, which no request should wait.
  for (const batch of batches(events)) {
    for (const vevent of parseCalendar(batch).getAllSubcomponents("vevent")) {
      const uid = String(vevent.getFirstPropertyValue("uid") ?? "");
      if (!vevent.hasProperty("dtstart")) continue;
      const entry = byUid.get(uid) ?? { master: null, overrides: [] };
      if (vevent.hasProperty("recurrence-id")) entry.overrides.push(vevent);
      else entry.master = vevent;
      byUid.set(uid, entry);
    }
    await yieldToEventLoop();
  }
  const busy: BusyInterval[] = [];
  /** The busy time of one event, its touching or overlapping occurrences merged on the way. */
  const collect = (uid: string) => {
    let last: BusyInterval | null = null;
    let count = 0;
    return {
      get count() {
        return count;
      },
      add(item: IcalComponent, start: IcalTime, end: IcalTime, exactMs?: number) {
        if (!blocks(item)) return;
        const startMs = reader.instant(start, item, "dtstart");
        let endMs =
          exactMs !== undefined
            ? startMs + exactMs
            : reader.instant(end, item, item.hasProperty("dtend") ? "dtend" : "dtstart");
        if (endMs <= startMs)
          endMs = start.isDate ? reader.instant(dayAfter(start), item, "dtstart") : startMs;
        if (endMs <= startMs) return;
        if (startMs >= to || endMs <= from) return;
        if (last !== null && startMs >= last.start && startMs <= last.end) {
          if (endMs > last.end) last.end = endMs;
          return;
        }
        last = { uid, start: startMs, end: endMs };
        busy.push(last);
        count += 1;
      },
    };
  };
  for (const [uid, { master, overrides }] of byUid) {
    if (budget.remaining <= 0) {
      budget.truncated = true;
      break;
    }
    await budget.spend(1 + overrides.length);
    const occurrences = collect(uid);
    if (master === null) {
      // Overrides whose series the server did not send: each stands alone.
      for (const override of overrides) {
        const event = new ICAL.Event(override);
        occurrences.add(override, event.startDate, event.endDate);
      }
      continue;
    }
    // Given its exceptions, ical.js does not look through the whole file for them (which made
    // reading n events take n² steps) nor take another series' overrides for this one's.
    const event = new ICAL.Event(master, { exceptions: overrides });
    if (!event.isRecurring()) {
      occurrences.add(master, event.startDate, event.endDate);
      continue;
    }
    await expandSeries(event, master, occurrences, { from, to, reader, budget });
    for (const override of overrides) {
      // An override may move an occurrence from past the window into it.
      const recurrenceId = override.getFirstPropertyValue("recurrence-id") as IcalTime | null;
      if (recurrenceId === null) continue;
      if (reader.instant(recurrenceId, override, "recurrence-id") >= to) {
        const moved = new ICAL.Event(override);
        occurrences.add(override, moved.startDate, moved.endDate);
      }
    }
  }
  return busy;
}

/**
 * Adds the occurrences of a recurring event up to `to`. Occurrences well before `from` are
 * stepped over without reading their zone (the costly part). Stops, marking the budget
 * truncated, when the event has spent MAX_SERIES_UNITS, needs more than
 * MAX_STEPS_PER_OCCURRENCE steps for one occurrence, has as many intervals as a connection
 * keeps (any later one could not be among the earliest kept), or the budget is spent.
 */
async function expandSeries(
  event: InstanceType<typeof ICAL.Event>,
  master: IcalComponent,
  occurrences: {
    readonly count: number;
    add(item: IcalComponent, start: IcalTime, end: IcalTime, exactMs?: number): void;
  },
  window: { from: number; to: number; reader: TimeReader; budget: ReadBudget },
): Promise<void> {
  const { from, to, reader, budget } = window;
  // A timed occurrence lasts as long as the first (RFC 5545 3.8.5.3): its wall-clock end read
  // alone would come before a start that a spring gap moved forward.
  const exactMs = event.startDate.isDate
    ? undefined
    : reader.instant(event.endDate, master, master.hasProperty("dtend") ? "dtend" : "dtstart") -
      reader.instant(event.startDate, master, "dtstart");
  const spanMs = Math.max(exactMs ?? 0, naiveMs(event.endDate) - naiveMs(event.startDate), DAY_MS);
  const overrideIds = new Set(Object.keys(event.exceptions));
  const canSkip = event.rangeExceptions.length === 0;
  const overridden = (time: IcalTime) =>
    overrideIds.size > 0 &&
    (overrideIds.has(time.toString()) ||
      overrideIds.has(time.convertToZone(ICAL.Timezone.utcTimezone).toString()));
  let seriesLeft = MAX_SERIES_UNITS;
  /** Runs a call into ical.js's recurrence code on what the event and the budget have left. */
  const step = async <T>(run: () => T): Promise<T | null> => {
    const allowance = Math.min(seriesLeft, budget.remaining, MAX_STEPS_PER_OCCURRENCE);
    const { value, steps } = withStepLimit(allowance, run);
    // A plain rule takes one step per occurrence: that step is the occurrence's unit.
    const units = Math.max(steps, 1);
    seriesLeft -= units;
    await budget.spend(units);
    return value;
  };
  const iterator = await step(() => event.iterator());
  if (iterator === null) {
    budget.truncated = true;
    return;
  }
  for (;;) {
    if (seriesLeft <= 0 || budget.remaining <= 0 || occurrences.count >= budget.maxIntervals) {
      budget.truncated = true;
      return;
    }
    let ended = false;
    const next = await step(() => {
      const time = iterator.next();
      if (!time) ended = true;
      return time ?? null;
    });
    if (next === null) {
      if (!ended) budget.truncated = true;
      return;
    }
    const naive = naiveMs(next);
    if (naive - ZONE_SLACK_MS >= to) return;
    if (canSkip && naive + spanMs + ZONE_SLACK_MS <= from && !overridden(next)) continue;
    if (reader.instant(next, master, "dtstart") >= to) return;
    const details = event.getOccurrenceDetails(next);
    const own = details.item.component === master ? exactMs : undefined;
    occurrences.add(details.item.component, details.startDate, details.endDate, own);
  }
}

/**
 * Splits an iCalendar text into its calendar-level lines and VTIMEZONEs (`head`) and its
 * VEVENTs, each a text of its own, without parsing them. Other components (VTODO, VJOURNAL, …)
 * are dropped. Throws INVALID_DATA for text that is not one or more VCALENDARs.
 */
function splitCalendar(text: string): { head: string; events: string[] } {
  const head: string[] = [];
  const events: string[] = [];
  let component: string[] = [];
  let kind = "";
  let depth = 0;
  let calendars = 0;
  for (const line of text.split(/\r?\n/)) {
    // A folded line goes on with a space or a tab, so only an unfolded line opens or closes.
    const begins = /^BEGIN:/i.test(line);
    const ends = !begins && /^END:/i.test(line);
    if (depth === 0) {
      if (begins && /^BEGIN:VCALENDAR\s*$/i.test(line)) {
        depth = 1;
        calendars += 1;
        continue;
      }
      if (line.trim() === "") continue;
      throw new CalendarSourceError("INVALID_DATA", "not an iCalendar file");
    }
    if (depth === 1) {
      if (ends) {
        depth = 0;
        continue;
      }
      if (begins) {
        depth = 2;
        kind = line.slice(6).trim().toUpperCase();
        component = [line];
        continue;
      }
      head.push(line);
      continue;
    }
    component.push(line);
    if (begins) depth += 1;
    else if (ends) depth -= 1;
    if (depth === 1) {
      if (kind === "VEVENT") events.push(component.join("\r\n"));
      else if (kind === "VTIMEZONE") head.push(component.join("\r\n"));
      component = [];
    }
  }
  if (depth !== 0 || calendars === 0) {
    throw new CalendarSourceError("INVALID_DATA", "incomplete iCalendar file");
  }
  return { head: head.join("\r\n"), events };
}

/** The events in batches of at most BATCH_EVENTS and about BATCH_CHARS, each one text. */
function* batches(events: string[]): Generator<string> {
  let batch: string[] = [];
  let chars = 0;
  for (const event of events) {
    if (batch.length > 0 && (batch.length >= BATCH_EVENTS || chars + event.length > BATCH_CHARS)) {
      yield batch.join("\r\n");
      batch = [];
      chars = 0;
    }
    batch.push(event);
    chars += event.length;
  }
  if (batch.length > 0) yield batch.join("\r\n");
}

/** A VCALENDAR of `body` (lines of it, components), parsed. Throws INVALID_DATA. */
function parseCalendar(body: string): IcalComponent {
  try {
    const text = ["BEGIN:VCALENDAR", body, "END:VCALENDAR"].filter((s) => s !== "").join("\r\n");
    const root = new ICAL.Component(ICAL.parse(text) as unknown[]);
    if (root.name !== "vcalendar") throw new Error(root.name);
    return root;
  } catch (error) {
    throw new CalendarSourceError("INVALID_DATA", String(error));
  }
}

/** A time's wall clock read as UTC: within ZONE_SLACK_MS of its instant in any zone. */
function naiveMs(time: IcalTime): number {
  return Date.UTC(
    time.year,
    time.month - 1,
    time.day,
    time.isDate ? 0 : time.hour,
    time.isDate ? 0 : time.minute,
    time.isDate ? 0 : time.second,
  );
}

/** Thrown inside ical.js when a call passes its allowance of steps (see withStepLimit). */
class StepLimitReached extends Error {}

let stepsLeft = Number.POSITIVE_INFINITY;
// ical.js finds the next occurrence of a rule in a loop that only ends when one matches: for
// FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30 it never does, and one call never returns. Each turn of
// that loop asks check_contracting_rules, so counting those calls bounds every rule. The
// allowance is finite only while withStepLimit runs (JavaScript runs one call at a time).
const recurIterator = ICAL.RecurIterator.prototype as unknown as {
  check_contracting_rules(): boolean;
};
const checkContractingRules = recurIterator.check_contracting_rules;
recurIterator.check_contracting_rules = function (this: unknown) {
  stepsLeft -= 1;
  if (stepsLeft < 0) throw new StepLimitReached();
  return checkContractingRules.call(this);
};

/**
 * Runs `run` (a call into ical.js's recurrence code) allowing it `allowance` steps; the value is
 * null when it needed more, or failed (ical.js gives up on some impossible rules by throwing).
 */
function withStepLimit<T>(allowance: number, run: () => T): { value: T | null; steps: number } {
  stepsLeft = allowance;
  try {
    return { value: run(), steps: allowance - stepsLeft };
  } catch {
    return { value: null, steps: allowance - Math.max(stepsLeft, 0) };
  } finally {
    stepsLeft = Number.POSITIVE_INFINITY;
  }
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
