import type { EventKind, HostGroup } from "../../core/availability/types";
import type { HostGroup as StoredHostGroup } from "../../core/eventTypes/eventTypeSchema";
import type { PublicHost } from "./loadEventTypeHosts";

/**
 * Which hosts a computation considers: all of the event type's, all with one pinned (the booking
 * must include them), or one host alone (a host rescheduling their part of an event).
 */
export type HostSelection =
  | { mode: "all" }
  | { mode: "pin"; hostId: string }
  | { mode: "only"; host: PublicHost };

/** The kind, hosts and (FLEXI) groups to hand to the engine. */
export interface SelectedHosts {
  kind: EventKind;
  hosts: PublicHost[];
  hostGroups?: HostGroup[];
}

/**
 * The hosts and aggregation of an event type under a selection, or null when no host can take a
 * booking (a FLEXI group left without any host). A pinned host narrows ROUND_ROBIN to them and a
 * FLEXI ANY group to them; COLLECTIVE and ALL groups include every member anyway. Never throws.
 */
export function selectHosts(
  eventType: { kind: EventKind; hostGroups: readonly StoredHostGroup[] },
  hosts: readonly PublicHost[],
  selection: HostSelection,
): SelectedHosts | null {
  const { kind } = eventType;
  if (selection.mode === "only") {
    // One host alone: for team kinds "any of one" is exactly that host's availability.
    const single = kind === "ONE_ON_ONE" || kind === "GROUP" ? kind : "ROUND_ROBIN";
    return { kind: single, hosts: [selection.host] };
  }
  const pinned = selection.mode === "pin" ? selection.hostId : null;
  if (kind === "ROUND_ROBIN" && pinned !== null) {
    const host = hosts.find((h) => h.id === pinned);
    return host === undefined ? null : { kind, hosts: [host] };
  }
  if (kind !== "FLEXI") return hosts.length === 0 ? null : { kind, hosts: [...hosts] };

  const known = new Set(hosts.map((h) => h.id));
  const groups: HostGroup[] = [];
  for (const group of eventType.hostGroups) {
    // A deleted user leaves their id in the stored groups; they can take nothing.
    let hostIds = group.userIds.filter((id) => known.has(id));
    if (group.mode === "ANY" && pinned !== null && hostIds.includes(pinned)) hostIds = [pinned];
    if (hostIds.length === 0) {
      if (group.mode === "ANY") return null;
      continue;
    }
    groups.push({ mode: group.mode, hostIds });
  }
  if (groups.length === 0) return null;
  const used = new Set(groups.flatMap((g) => g.hostIds));
  return { kind, hosts: hosts.filter((h) => used.has(h.id)), hostGroups: groups };
}
