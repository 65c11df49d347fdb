import { DomainError } from "../errors";
import { message } from "../messages";
import { DAY_MS, MINUTE_MS } from "../time/durations";
import { formatLocalDate, parseLocalDate } from "../time/localDate";
import {
  buildOffsetTimeline,
  instantAtWallTime,
  localDayAt,
  type OffsetTimeline,
  wallClockAt,
} from "../time/offsetTimeline";
import { formatWallTime } from "../time/wallTime";
import { assertAvailabilityInput } from "./assertAvailabilityInput";
import { type BookingLimits, limitReachDays } from "./bookingLimits";
import { candidateStarts } from "./candidateStarts";
import { checkHost, type HostCheck, type HostRules, prepareHost } from "./checkHost";
import { aggregateHosts, hostGroupsFor } from "./hostAggregation";
import { lastBookableDay } from "./lastBookableDay";
import type { AvailabilityInput, AvailabilityResult, Slot } from "./types";

// Local dates differ from UTC dates by at most one day (offsets lie within -12h..+14h), so host
// days padded by three cover every instant of the invitee's window plus a day of slack for DST.
const PAD_DAYS = 3;
// A week plus slack: how far back candidateStarts may read schedules to find where a run begins.
const LOOKBACK_DAYS = 10;

function buildTimeline(zone: string, field: string, from: number, to: number): OffsetTimeline {
  try {
    return buildOffsetTimeline(zone, from, to);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    throw new DomainError(error.code, error.detail, { [field]: [message("time.unknownTimeZone")] });
  }
}

/**
 * The bookable slots of one event type over the invitee's window, per invitee-local date; throws
 * DomainError VALIDATION on a bad number, date, zone, time range or host group.
 *
 * Slots are instants. The grid runs in real minutes from the start of each run of the kind's
 * available time, so on a host's fall-back day both readings of the repeated hour can carry slots,
 * and when the invitee's clock repeats an hour both instants are offered: they are distinct
 * instants, `offsetMinutes` tells them apart and the HTTP layer keys the second one differently.
 * A wall-clock time that does not exist has no slot. So that a slot never depends on how far back
 * schedules were read, a run of available time restarts its grid each Monday 00:00 in the owner's
 * zone (horizonTimeZone); only runs crossing that midnight are affected.
 */
export function computeAvailability(input: AvailabilityInput): AvailabilityResult {
  assertAvailabilityInput(input);
  const startDay = parseLocalDate(input.window.startDate);
  const endDay = parseLocalDate(input.window.endDate);
  const duration = input.duration * MINUTE_MS;
  const step = (input.slotStep ?? input.duration) * MINUTE_MS;
  const durationDays = Math.ceil(duration / DAY_MS);

  const limits: BookingLimits = {
    daily: input.dailyLimit,
    weekly: input.weeklyLimit ?? null,
    monthly: input.monthlyLimit ?? null,
    dailyMinutes: input.dailyDurationLimit ?? null,
    weeklyMinutes: input.weeklyDurationLimit ?? null,
  };
  // Host timelines must date every meeting a cap counts, up to a month either side.
  const reach = limitReachDays(limits);
  const spanFrom = (startDay - PAD_DAYS - Math.max(LOOKBACK_DAYS, reach)) * DAY_MS;
  const spanTo = (endDay + PAD_DAYS + durationDays + 2 + reach) * DAY_MS;
  // Hosts of a team usually share a zone, and the invitee often too: build each timeline once.
  const timelines = new Map<string, OffsetTimeline>();
  const timelineOf = (zone: string, field: string) => {
    let timeline = timelines.get(zone);
    if (timeline === undefined) {
      timeline = buildTimeline(zone, field, spanFrom, spanTo);
      timelines.set(zone, timeline);
    }
    return timeline;
  };
  const invitee = timelineOf(input.window.timeZone, "window.timeZone");
  const hostTimelines = input.hosts.map((host, i) =>
    timelineOf(host.schedule.timeZone, `hosts.${i}.schedule.timeZone`),
  );
  // The owner's timeline must also be right at `now`, which may lie far from the window.
  const owner =
    input.now - DAY_MS >= spanFrom && input.now + DAY_MS <= spanTo
      ? timelineOf(input.horizonTimeZone, "horizonTimeZone")
      : buildTimeline(
          input.horizonTimeZone,
          "horizonTimeZone",
          Math.min(spanFrom, input.now - DAY_MS),
          Math.max(spanTo, input.now + DAY_MS),
        );

  const lastDay = lastBookableDay(owner, input.now, input.maxDaysAhead);
  const lastDate = lastDay === null ? null : formatLocalDate(lastDay);

  // Bounds for the grid only; each slot's dates are checked exactly below, since a date can recur
  // when clocks go back across midnight.
  const windowStart = instantAtWallTime(invitee, startDay, 0, "start");
  const from = Math.max(windowStart, input.now + input.minimumNotice * MINUTE_MS);
  let to = instantAtWallTime(invitee, endDay + 1, 0, "end");
  if (lastDay !== null) to = Math.min(to, instantAtWallTime(owner, lastDay + 1, 0, "end"));
  if (from >= to) return { days: [], lastDate };

  const groups = hostGroupsFor(input.kind, input.hosts, input.hostGroups);
  const { hostTime, starts } = candidateStarts({
    hosts: input.hosts,
    hostTimelines,
    owner,
    groups,
    firstHostDay: startDay - PAD_DAYS,
    lastHostDay: endDay + PAD_DAYS + durationDays,
    duration,
    step,
    from,
    to,
  });

  const rules: HostRules = {
    eventTypeId: input.eventTypeId,
    bufferBefore: input.bufferBefore * MINUTE_MS,
    bufferAfter: input.bufferAfter * MINUTE_MS,
    dailyLimit: input.dailyLimit,
    limits,
    seats: input.kind === "GROUP" ? input.seats : null,
  };
  const prepared = input.hosts.map((host, i) =>
    prepareHost(host, hostTime[i]!, hostTimelines[i]!, rules),
  );

  const slotsByDay = new Map<number, Slot[]>();
  const dates = new Map<number, string>();
  const checks: (HostCheck | undefined)[] = new Array(input.hosts.length);
  let start = 0;
  const isFree = (hostIndex: number) => {
    let check = checks[hostIndex];
    if (check === undefined) {
      check = checkHost(prepared[hostIndex]!, start, start + duration, rules);
      checks[hostIndex] = check;
    }
    return check.free;
  };
  for (const candidate of starts) {
    const clock = wallClockAt(invitee, candidate);
    if (clock.epochDay < startDay || clock.epochDay > endDay) continue;
    if (lastDay !== null && localDayAt(owner, candidate) > lastDay) continue;
    start = candidate;
    checks.fill(undefined);
    const hostIds = aggregateHosts(groups, input.hosts, isFree, input.firstFreeOnly);
    if (hostIds === null) continue;
    const join = rules.seats === null ? null : (checks[0]?.join ?? null);
    let localDate = dates.get(clock.epochDay);
    if (localDate === undefined) {
      localDate = formatLocalDate(clock.epochDay);
      dates.set(clock.epochDay, localDate);
    }
    const slot: Slot = {
      start: candidate,
      localDate,
      localTime: formatWallTime(clock.msOfDay / MINUTE_MS),
      offsetMinutes: clock.offsetMs / MINUTE_MS,
      seatsLeft: rules.seats === null ? null : rules.seats - (join?.attendeeCount ?? 0),
      hostIds,
    };
    if (join !== null) slot.eventId = join.eventId;
    const daySlots = slotsByDay.get(clock.epochDay);
    if (daySlots === undefined) slotsByDay.set(clock.epochDay, [slot]);
    else daySlots.push(slot);
  }

  const days = [...slotsByDay.entries()]
    .sort(([a], [b]) => a - b)
    .map(([day, slots]) => ({ date: dates.get(day)!, slots }));
  return { days, lastDate };
}
