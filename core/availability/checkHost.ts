import type { OffsetTimeline } from "../time/offsetTimeline";
import {
  type BookingLimits,
  hasBookingLimits,
  type LimitTotals,
  limitTotals,
  NO_LIMITS,
  withinBookingLimits,
} from "./bookingLimits";
import { type BusyIndex, buildBusyIndex, overlapsBusy } from "./busyIndex";
import { containsSpan } from "./intervalSet";
import type { BusyBlock, HostInput, Interval } from "./types";

/** One host, indexed once per computation so that each slot check is a few binary searches. */
export interface PreparedHost {
  /** The host's own available time, an interval set. */
  readonly time: readonly Interval[];
  readonly busy: BusyIndex;
  /** The host's schedule zone, for the host-local day, week and month of the limits. */
  readonly timeline: OffsetTimeline;
  /** Every cap of the booked event type (the daily limit included). */
  readonly limits: BookingLimits;
  /** Events of the booked event type per host-local day, week and month; null without caps. */
  readonly totals: LimitTotals | null;
  /** Events of the booked event type by start, for joining a GROUP event. */
  readonly eventsByStart: ReadonlyMap<number, readonly BusyBlock[]>;
}

/** The booking rules a host check applies, in ms where they are durations. */
export interface HostRules {
  eventTypeId: string;
  bufferBefore: number;
  bufferAfter: number;
  dailyLimit: number | null;
  /** The other caps (weekly, monthly, meeting time); default none. */
  limits?: BookingLimits;
  /** GROUP's seats; null for other kinds, where existing events are never joined. */
  seats: number | null;
}

/** A host's answer for one slot: free or not, and for GROUP the existing event a seat would join. */
export interface HostCheck {
  free: boolean;
  join: BusyBlock | null;
}

const NOT_FREE: HostCheck = { free: false, join: null };
const FREE: HostCheck = { free: true, join: null };

/** Indexes a host's busy blocks and limit totals next to its available time; never throws. */
export function prepareHost(
  host: HostInput,
  time: readonly Interval[],
  timeline: OffsetTimeline,
  rules: HostRules,
): PreparedHost {
  const eventsByStart = new Map<number, BusyBlock[]>();
  if (rules.seats !== null) {
    for (const block of host.busy) {
      if (block.eventTypeId !== rules.eventTypeId) continue;
      eventsByStart.set(block.start, [...(eventsByStart.get(block.start) ?? []), block]);
    }
  }
  const limits = { ...(rules.limits ?? NO_LIMITS), daily: rules.dailyLimit };
  return {
    time,
    busy: buildBusyIndex(host.busy),
    timeline,
    limits,
    totals: hasBookingLimits(limits) ? limitTotals(host.busy, rules.eventTypeId, timeline) : null,
    eventsByStart,
  };
}

/**
 * Whether a host can take the meeting [start, end): it fits in the host's available time, the
 * meeting widened by the booked type's buffers overlaps no busy block (each already widened by its
 * own buffers), and one more meeting keeps the host within every cap of the type (per host-local
 * day, week and month, counts and meeting time: bookingLimits.ts). For GROUP, an
 * existing event of the type at exactly [start, end) with seats left is joined instead (its own
 * block ignored, no new event counted). Never throws.
 */
export function checkHost(
  host: PreparedHost,
  start: number,
  end: number,
  rules: HostRules,
): HostCheck {
  if (!containsSpan(host.time, start, end)) return NOT_FREE;
  const from = start - rules.bufferBefore;
  const to = end + rules.bufferAfter;
  if (rules.seats !== null) {
    const existing = host.eventsByStart.get(start)?.find((block) => block.end === end);
    if (existing !== undefined) {
      if (existing.attendeeCount >= rules.seats) return NOT_FREE;
      return overlapsBusy(host.busy, from, to, existing.eventId)
        ? NOT_FREE
        : { free: true, join: existing };
    }
  }
  if (
    host.totals !== null &&
    !withinBookingLimits(host.limits, host.totals, host.timeline, start, end)
  ) {
    return NOT_FREE;
  }
  return overlapsBusy(host.busy, from, to) ? NOT_FREE : FREE;
}
