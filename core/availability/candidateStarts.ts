import { DomainError } from "../errors";
import { DAY_MS } from "../time/durations";
import { mondayOnOrBefore } from "../time/localDate";
import { instantAtWallTime, localDayAt, type OffsetTimeline } from "../time/offsetTimeline";
import { groupsAvailableTime, type ResolvedGroup } from "./hostAggregation";
import { subtractIntervals } from "./intervalSet";
import { outOfOfficeIntervals } from "./outOfOffice";
import { scheduleIntervals } from "./scheduleIntervals";
import { slotGrid } from "./slotGrid";
import type { HostInput, Interval } from "./types";

/** What candidateStarts needs: hosts with their zones' timelines, the owner's timeline, and ms bounds. */
export interface CandidateRequest {
  hosts: readonly HostInput[];
  hostTimelines: readonly OffsetTimeline[];
  /** The event type owner's zone, whose Monday midnights restart the grid. */
  owner: OffsetTimeline;
  groups: readonly ResolvedGroup[];
  /** Host-local days (since 1970-01-01) to read schedules for; reading may start earlier. */
  firstHostDay: number;
  lastHostDay: number;
  duration: number;
  step: number;
  /** Starts are kept in [from, to); `from` is at or after the window's first instant. */
  from: number;
  to: number;
}

/** Each host's available time and the kind's grid of candidate starts. */
export interface Candidates {
  hostTime: Interval[][];
  starts: number[];
}

// Names a schedule error's fields by their path in the input, e.g. "hosts.0.schedule.weekly.MON.0.end".
function withFieldPrefix(error: unknown, prefix: string): unknown {
  if (!(error instanceof DomainError) || error.fields === undefined) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([field, messages]) => [`${prefix}.${field}`, messages]),
  );
  return new DomainError(error.code, error.detail, fields);
}

/**
 * Reads the hosts' schedules and lays the slot grid over the kind's available time: from the
 * start of each run, restarting at each Monday 00:00 in the owner's zone. A run reaching back to
 * the first day read is read further back, to the Monday before `from`, so that no start depends
 * on where reading began. Throws DomainError VALIDATION on a bad schedule, fields under "hosts.N.schedule".
 */
export function candidateStarts(request: CandidateRequest): Candidates {
  const { hosts, hostTimelines, owner, groups, lastHostDay, from, to } = request;
  const read = (firstHostDay: number) => {
    const hostTime = hosts.map((host, i) => {
      try {
        const time = scheduleIntervals(host.schedule, hostTimelines[i]!, firstHostDay, lastHostDay);
        const away = host.outOfOffice ?? [];
        return away.length === 0
          ? time
          : subtractIntervals(
              time,
              outOfOfficeIntervals(away, hostTimelines[i]!, firstHostDay - 1, lastHostDay + 1),
            );
      } catch (error) {
        throw withFieldPrefix(error, `hosts.${i}.schedule`);
      }
    });
    // Before `known` some schedule was not read, so a run reaching back to it may begin earlier.
    const known = Math.max(
      ...hostTimelines.map((timeline) => instantAtWallTime(timeline, firstHostDay, 0, "start")),
    );
    return { hostTime, available: groupsAvailableTime(groups, hostTime), known };
  };

  const monday = mondayOnOrBefore(localDayAt(owner, from));
  const firstRestart = instantAtWallTime(owner, monday, 0, "start");
  let schedules = read(request.firstHostDay);
  const truncated = schedules.available.find(
    (run) => run.start <= schedules.known && run.end > schedules.known,
  );
  if (truncated !== undefined && truncated.end > from && firstRestart < schedules.known) {
    // Two days before in UTC is at least a day before in any zone.
    schedules = read(Math.floor(firstRestart / DAY_MS) - 2);
  }

  const restarts: number[] = [];
  for (let day = monday; ; day += 7) {
    const restart = instantAtWallTime(owner, day, 0, "start");
    restarts.push(restart);
    if (restart >= to) break;
  }
  const starts = slotGrid(schedules.available, request.duration, request.step, restarts, from, to);
  return { hostTime: schedules.hostTime, starts };
}
