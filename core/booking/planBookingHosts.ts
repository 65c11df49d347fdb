import type { EventKind } from "../availability/types";
import type { HostGroup } from "../eventTypes/eventTypeSchema";
import { orderRoundRobinHosts, type RankedHost } from "./orderRoundRobinHosts";

/** Which hosts a booking takes: all of `required`, plus one of each `choices` list, tried in order. */
export interface HostPlan {
  required: string[];
  choices: string[][];
}

/**
 * The hosts a booking of a free slot takes, by DESIGN's event-kind table: every host the slot
 * names for ONE_ON_ONE, GROUP and COLLECTIVE; one of them for ROUND_ROBIN; every member of the
 * FLEXI ALL groups and one free member of each ANY group. `free` are the slot's host ids;
 * `ranks` gives priority and last booking for the round-robin order. Returns null when a
 * group has no free member (the slot is not bookable). Pure; never throws.
 */
export function planBookingHosts(
  kind: EventKind,
  free: readonly string[],
  hostGroups: readonly HostGroup[],
  ranks: ReadonlyMap<string, Omit<RankedHost, "hostId">>,
): HostPlan | null {
  const rank = (ids: readonly string[]) =>
    orderRoundRobinHosts(
      ids.map((hostId) => ({
        hostId,
        ...(ranks.get(hostId) ?? { priority: 0, lastBookedAt: null }),
      })),
    );
  if (free.length === 0) return null;
  if (kind === "ROUND_ROBIN") return { required: [], choices: [rank(free)] };
  if (kind !== "FLEXI") return { required: [...free], choices: [] };
  const freeSet = new Set(free);
  const required: string[] = [];
  const choices: string[][] = [];
  for (const group of hostGroups) {
    if (group.mode === "ALL") {
      if (!group.userIds.every((id) => freeSet.has(id))) return null;
      required.push(...group.userIds.filter((id) => !required.includes(id)));
    }
  }
  for (const group of hostGroups) {
    if (group.mode !== "ANY") continue;
    const candidates = group.userIds.filter((id) => freeSet.has(id));
    if (candidates.length === 0) return null;
    if (candidates.some((id) => required.includes(id))) continue;
    choices.push(rank(candidates));
  }
  return { required, choices };
}
