import { type BookingLimits, limitReachDays } from "../../core/availability/bookingLimits";
import type { AvailabilityInput } from "../../core/availability/types";
import { DAY_MS, MINUTE_MS } from "../../core/time/durations";
import { parseLocalDate } from "../../core/time/localDate";
import type { Db, Tx } from "../db/database";
import type { BusyChanges, HostTimeCache, HostVersion, PrefetchedChanges } from "./hostTimeCache";
import { loadHostTime } from "./loadBusyBlocks";
import type { EventTypeTarget } from "./loadEventTypeTarget";
import { type HostSelection, selectHosts } from "./selectHosts";

// Invitee dates are at most a day away from UTC dates, and a busy block counts toward the daily
// limit of its host-local day, up to a day further; three days either side cover both.
const BUSY_PAD_DAYS = 3;

/** What to compute beyond the event type's own rules. */
export interface AvailabilityOptions {
  /** Minutes, one of the event type's durations. */
  duration: number;
  /** Default: all hosts. */
  selection?: HostSelection;
  /** The event being rescheduled: its own busy time blocks nothing. */
  excludeEventId?: string | null;
  /** GROUP: the event an attendee is moving out of; one seat frees, the others still hold it. */
  leavingEventId?: string | null;
  /**
   * Read busy time through this cache, by the hosts' busy-time versions (a timetable stamp's),
   * telling what changed since `since` (the versions a previous answer came from).
   */
  hostTimeCache?: {
    cache: HostTimeCache;
    versions: ReadonlyMap<string, HostVersion>;
    since?: ReadonlyMap<string, HostVersion> | undefined;
    prefetched?: PrefetchedChanges | undefined;
  };
}

/**
 * The engine's input for an event type over the invitee's window. Hosts come with their schedules;
 * this loads only the busy rows overlapping the padded window, in one query however many hosts.
 * Null when no host can take a booking (a host group left empty). Reads only.
 */
export async function loadAvailabilityInput(
  db: Db | Tx,
  target: EventTypeTarget,
  window: AvailabilityInput["window"],
  now: Date,
  options: AvailabilityOptions,
): Promise<AvailabilityInput | null> {
  return (await loadAvailabilityInputAndChanges(db, target, window, now, options)).input;
}

/**
 * loadAvailabilityInput's answer and, read through `options.hostTimeCache`, where the hosts' busy
 * time changed since its `since` (null without the cache, or when no host was read).
 */
export async function loadAvailabilityInputAndChanges(
  db: Db | Tx,
  target: EventTypeTarget,
  window: AvailabilityInput["window"],
  now: Date,
  options: AvailabilityOptions,
): Promise<{ input: AvailabilityInput | null; changes: BusyChanges | null }> {
  const { eventType } = target;
  const selected = selectHosts(eventType, target.hosts, options.selection ?? { mode: "all" });
  if (selected === null) return { input: null, changes: null };
  const hostIds = selected.hosts.map((h) => h.id);

  const reach = (options.duration + eventType.bufferBefore + eventType.bufferAfter) * MINUTE_MS;
  // Weekly and monthly caps count meetings up to a month away from the window.
  const pad = BUSY_PAD_DAYS + limitReachDays(eventTypeLimits(eventType));
  const from = (parseLocalDate(window.startDate, "start") - pad) * DAY_MS - reach;
  const to = (parseLocalDate(window.endDate, "end") + 1 + pad) * DAY_MS + reach;
  // Host-local dates lie within a day of UTC dates; the same padding covers the away periods.
  const busyOptions = {
    countAttendees: selected.kind === "GROUP",
    excludeEventId: options.excludeEventId ?? null,
    leavingEventId: options.leavingEventId ?? null,
    now,
  };
  const cached = options.hostTimeCache;
  const { busy, away, changes } = cached
    ? await cached.cache.load(db, hostIds, from, to, busyOptions, cached.versions, cached)
    : { ...(await loadHostTime(db, hostIds, from, to, busyOptions)), changes: null };

  const input: AvailabilityInput = {
    now: now.getTime(),
    kind: selected.kind,
    eventTypeId: eventType.id,
    duration: options.duration,
    slotStep: eventType.slotStep,
    bufferBefore: eventType.bufferBefore,
    bufferAfter: eventType.bufferAfter,
    minimumNotice: eventType.minimumNotice,
    maxDaysAhead: eventType.maxDaysAhead,
    horizonTimeZone: target.timeZone,
    dailyLimit: eventType.dailyLimit,
    weeklyLimit: eventType.weeklyLimit,
    monthlyLimit: eventType.monthlyLimit,
    dailyDurationLimit: eventType.dailyDurationLimit,
    weeklyDurationLimit: eventType.weeklyDurationLimit,
    seats: selected.kind === "GROUP" ? eventType.seats : null,
    hosts: selected.hosts.map((host) => ({
      hostId: host.id,
      schedule: host.schedule,
      busy: busy.get(host.id) ?? [],
      priority: host.priority,
      outOfOffice: away.get(host.id) ?? [],
    })),
    ...(selected.hostGroups ? { hostGroups: selected.hostGroups } : {}),
    window,
  };
  return { input, changes };
}

/** An event type's caps as the engine and the booking write check them. */
export function eventTypeLimits(eventType: {
  dailyLimit: number | null;
  weeklyLimit: number | null;
  monthlyLimit: number | null;
  dailyDurationLimit: number | null;
  weeklyDurationLimit: number | null;
}): BookingLimits {
  return {
    daily: eventType.dailyLimit,
    weekly: eventType.weeklyLimit,
    monthly: eventType.monthlyLimit,
    dailyMinutes: eventType.dailyDurationLimit,
    weeklyMinutes: eventType.weeklyDurationLimit,
  };
}
