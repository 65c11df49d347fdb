import { sql } from "drizzle-orm";
import {
  type BookingLimits,
  hasBookingLimits,
  limitReachDays,
  limitTotals,
  withinBookingLimits,
} from "../../core/availability/bookingLimits";
import { DAY_MS } from "../../core/time/durations";

import { buildOffsetTimeline } from "../../core/time/offsetTimeline";
import { eventTypeLimits } from "../availability/loadAvailabilityInput";
import type { EventTypeTarget } from "../availability/loadEventTypeTarget";
import type { Tx } from "../db/database";

/** What a booking write checks of an event type's caps (bookingLimits.ts), per host it takes. */
export interface LimitCheck {
  eventTypeId: string;
  limits: BookingLimits;
  /** Each host's zone as the timetable counted it: their schedule's. */
  timeZones: ReadonlyMap<string, string>;
  start: Date;
  end: Date;
  /** The event being moved: it no longer counts. */
  excludeEventId: string | null;
}

/**
 * What a write of a meeting at `at` checks of `target`'s caps, each host counted in their
 * schedule's zone as the timetable does; undefined when the event type has no caps.
 */
export function limitCheckFor(
  target: EventTypeTarget,
  at: { start: Date; end: Date },
  excludeEventId: string | null = null,
): LimitCheck | undefined {
  const limits = eventTypeLimits(target.eventType);
  if (!hasBookingLimits(limits)) return undefined;
  return {
    eventTypeId: target.eventType.id,
    limits,
    timeZones: new Map(target.hosts.map((host) => [host.id, host.schedule.timeZone])),
    start: at.start,
    end: at.end,
    excludeEventId,
  };
}

/**
 * Whether `hostId` can take one more meeting of the type under its caps, counting their active
 * meetings of the type (those holding host time) in the caller's transaction. Call it holding the
 * host's lock (hostLock.ts): every booking of a capped type takes it before counting, so two
 * racers for the last allowed meeting of a week take turns and the second counts the first.
 * Never throws on its own.
 */
export async function withinHostLimits(
  tx: Tx,
  check: LimitCheck,
  hostId: string,
): Promise<boolean> {
  const start = check.start.getTime();
  const reach = (limitReachDays(check.limits) + 1) * DAY_MS;
  const excluded =
    check.excludeEventId === null ? sql`` : sql`and e.id <> ${check.excludeEventId}::uuid`;
  const result = await tx.execute<{ start: number | string; end: number | string }>(sql`
    select (date_part('epoch', e.start_at) * 1000)::float8 as "start",
      (date_part('epoch', e.end_at) * 1000)::float8 as "end"
    from events e join host_busy b on b.event_id = e.id
    where b.host_id = ${hostId}::uuid and e.event_type_id = ${check.eventTypeId}::uuid
      and e.status in ('CONFIRMED', 'PENDING_PAYMENT', 'PENDING_APPROVAL')
      and e.start_at >= ${new Date(start - reach).toISOString()}::timestamptz
      and e.start_at < ${new Date(start + reach).toISOString()}::timestamptz ${excluded}`);
  const meetings = result.rows.map((row) => ({
    eventTypeId: check.eventTypeId,
    start: Number(row.start),
    end: Number(row.end),
  }));
  const zone = check.timeZones.get(hostId) ?? "UTC";
  const timeline = buildOffsetTimeline(zone, start - reach - DAY_MS, start + reach + DAY_MS);
  const totals = limitTotals(meetings, check.eventTypeId, timeline);
  return withinBookingLimits(check.limits, totals, timeline, start, check.end.getTime());
}
