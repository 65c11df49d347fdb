import { DomainError } from "../errors";
import { message } from "../messages";
import { intersectAllIntervals, unionAllIntervals } from "./intervalSet";
import type { EventKind, HostGroup, HostInput, Interval } from "./types";

/** A host group with members as indexes into the hosts; ANY members ordered by priority desc. */
export interface ResolvedGroup {
  mode: "ALL" | "ANY";
  members: number[];
}

function byPriority(hosts: readonly HostInput[], members: readonly number[]): number[] {
  // Array#sort is stable, so equal priorities keep the input order.
  return [...members].sort((a, b) => (hosts[b]!.priority ?? 0) - (hosts[a]!.priority ?? 0));
}

/**
 * The host groups an event kind implies: one ALL group (ONE_ON_ONE, GROUP, COLLECTIVE), one ANY group
 * (ROUND_ROBIN) or the FLEXI groups; throws DomainError VALIDATION on a FLEXI group that is empty or
 * names an unknown host.
 */
export function hostGroupsFor(
  kind: EventKind,
  hosts: readonly HostInput[],
  hostGroups: readonly HostGroup[] | undefined,
): ResolvedGroup[] {
  const all = hosts.map((_, index) => index);
  if (kind === "ROUND_ROBIN") return [{ mode: "ANY", members: byPriority(hosts, all) }];
  if (kind !== "FLEXI") return [{ mode: "ALL", members: all }];
  if (hostGroups === undefined || hostGroups.length === 0) {
    throw new DomainError("VALIDATION", message("eventTypes.flexiNeedsGroups"), {
      hostGroups: [message("eventTypes.addHostGroup")],
    });
  }
  return hostGroups.map((group, g) => {
    if (group.hostIds.length === 0) {
      throw new DomainError(
        "VALIDATION",
        message("eventTypes.hostGroupEmpty", { group: String(g) }),
        {
          [`hostGroups.${g}.hostIds`]: [message("eventTypes.hostGroupNeedsHost")],
        },
      );
    }
    const members = group.hostIds.map((hostId) => {
      const index = hosts.findIndex((host) => host.hostId === hostId);
      if (index < 0) {
        const group = String(g);
        throw new DomainError("VALIDATION", message("eventTypes.hostGroupUnknownHost", { group }), {
          [`hostGroups.${g}.hostIds`]: [message("eventTypes.unknownHost", { host: hostId })],
        });
      }
      return index;
    });
    return {
      mode: group.mode,
      members: group.mode === "ANY" ? byPriority(hosts, members) : members,
    };
  });
}

/** The time the groups could cover: the intersection over groups of (ALL: members' intersection, ANY: their union); never throws. */
export function groupsAvailableTime(
  groups: readonly ResolvedGroup[],
  hostTime: readonly (readonly Interval[])[],
): Interval[] {
  return intersectAllIntervals(
    groups.map((group) => {
      const sets = group.members.map((member) => hostTime[member]!);
      return group.mode === "ALL" ? intersectAllIntervals(sets) : unionAllIntervals(sets);
    }),
  );
}

/**
 * The hosts who could take a slot, or null when some group's condition fails: every member of ALL
 * groups, then the free members of ANY groups in priority order (with `firstFreeOnly`, only the
 * first of each), each host once. `isFree` is asked only as far as needed; never throws.
 */
export function aggregateHosts(
  groups: readonly ResolvedGroup[],
  hosts: readonly HostInput[],
  isFree: (hostIndex: number) => boolean,
  firstFreeOnly = false,
): string[] | null {
  const hostIds: string[] = [];
  for (const group of groups) {
    if (group.mode !== "ALL") continue;
    for (const member of group.members) {
      if (!isFree(member)) return null;
      const hostId = hosts[member]!.hostId;
      if (!hostIds.includes(hostId)) hostIds.push(hostId);
    }
  }
  for (const group of groups) {
    if (group.mode !== "ANY") continue;
    let anyFree = false;
    for (const member of group.members) {
      if (!isFree(member)) continue;
      anyFree = true;
      const hostId = hosts[member]!.hostId;
      if (!hostIds.includes(hostId)) hostIds.push(hostId);
      if (firstFreeOnly) break;
    }
    if (!anyFree) return null;
  }
  return hostIds;
}
