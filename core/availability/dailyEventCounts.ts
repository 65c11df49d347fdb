import { localDayAt, type OffsetTimeline } from "../time/offsetTimeline";
import type { BusyBlock } from "./types";

/** How many of a host's events of `eventTypeId` start on each host-local day (days since 1970-01-01 in `timeline`'s zone); never throws. */
export function dailyEventCounts(
  busy: readonly BusyBlock[],
  eventTypeId: string,
  timeline: OffsetTimeline,
): Map<number, number> {
  const counts = new Map<number, number>();
  for (const block of busy) {
    if (block.eventTypeId !== eventTypeId) continue;
    const day = localDayAt(timeline, block.start);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return counts;
}
