import type { EventKind } from "../eventTypes/eventKinds";
import type { Weekday } from "../time/localDate";

export type { Weekday } from "../time/localDate";

/** A wall-clock range within one day: "HH:mm", `end` may be "24:00", `end` after `start`. */
export interface TimeRange {
  start: string;
  end: string;
}

/** A host's working hours: weekly ranges plus date overrides, in the schedule's zone. */
export interface Schedule {
  timeZone: string;
  /** Several ranges per day allowed; a missing day is a day off. */
  weekly: Partial<Record<Weekday, TimeRange[]>>;
  /** Each replaces the weekly ranges of its `yyyy-MM-dd` date; [] is a day off. */
  overrides: { date: string; intervals: TimeRange[] }[];
}

/** One existing event of a host, as epoch-ms instants. */
export interface BusyBlock {
  eventId: string;
  /** null: busy from elsewhere (another product, an external calendar). */
  eventTypeId: string | null;
  /** The meeting itself. */
  start: number;
  end: number;
  /** What it blocks: the meeting plus its own buffers, half-open [from, to). */
  from: number;
  to: number;
  attendeeCount: number;
}

/** A host taking part in an event type, with their schedule and existing events. */
export interface HostInput {
  hostId: string;
  schedule: Schedule;
  busy: BusyBlock[];
  /** ROUND_ROBIN and FLEXI ANY groups: higher goes first; default 0. */
  priority?: number;
  /** Days the host is away, whole days in the schedule's zone; default none. */
  outOfOffice?: OutOfOfficePeriod[];
}

/** Whole days off, `yyyy-MM-dd` inclusive, in the host's schedule zone. */
export interface OutOfOfficePeriod {
  startDate: string;
  endDate: string;
}

/** How hosts combine: one host, one host with seats, all hosts, any host, or host groups. */
export type { EventKind } from "../eventTypes/eventKinds";

/** A FLEXI host group: ALL needs every member, ANY at least one. */
export interface HostGroup {
  mode: "ALL" | "ANY";
  hostIds: string[];
}

/** Everything the engine needs to list the bookable slots of one event type over a window. */
export interface AvailabilityInput {
  /** Epoch ms. */
  now: number;
  kind: EventKind;
  eventTypeId: string;
  /** Minutes, already validated. */
  duration: number;
  /** Minutes between slot starts; default: the duration. */
  slotStep?: number | null;
  /** Minutes, of the event type being booked. */
  bufferBefore: number;
  bufferAfter: number;
  /** Minutes. */
  minimumNotice: number;
  /** Horizon in days, counted in horizonTimeZone; 0 is today only; null: none. */
  maxDaysAhead: number | null;
  /** The event type owner's zone. */
  horizonTimeZone: string;
  /** Per host, events of this event type per host-local day; null: none. */
  dailyLimit: number | null;
  /**
   * Per host, events of this event type per host-local week (from Monday) and calendar month,
   * and their total minutes per host-local day and week; absent or null: none.
   */
  weeklyLimit?: number | null;
  monthlyLimit?: number | null;
  dailyDurationLimit?: number | null;
  weeklyDurationLimit?: number | null;
  /** GROUP only. */
  seats: number | null;
  hosts: HostInput[];
  /** FLEXI only. */
  hostGroups?: HostGroup[];
  /** Invitee dates, inclusive, in the invitee's zone. */
  window: { startDate: string; endDate: string; timeZone: string };
  /**
   * An ANY group's first free member is enough: slots then name only that one of its members.
   * For a timetable, which shows that a time is bookable and never who could take it; a booking
   * needs them all (to choose among them). Default false.
   */
  firstFreeOnly?: boolean;
}

/** A bookable start time. */
export interface Slot {
  /** Epoch ms. */
  start: number;
  /** yyyy-MM-dd in the invitee zone. */
  localDate: string;
  /** HH:mm in the invitee zone. */
  localTime: string;
  /** Invitee zone UTC offset at start; tells the two readings of a repeated hour apart. */
  offsetMinutes: number;
  /** GROUP only. */
  seatsLeft: number | null;
  /**
   * Hosts that could take it: all for COLLECTIVE, the free ones otherwise; ROUND_ROBIN by priority
   * desc (with firstFreeOnly, the first of them).
   */
  hostIds: string[];
  /** GROUP: the existing event this seat would join. */
  eventId?: string;
}

/** Bookable slots per invitee-local date (dates without slots omitted) and the last bookable date. */
export interface AvailabilityResult {
  days: { date: string; slots: Slot[] }[];
  /** The horizon's last date in horizonTimeZone; null without a horizon. */
  lastDate: string | null;
}

/** A half-open [start, end) span of epoch-ms instants. */
export interface Interval {
  start: number;
  end: number;
}
