import type { RawQuery } from "../db/database";
import type { HostTimeRead, HostVersion, PrefetchedChanges } from "./hostTimeCache";
import { FAILURE_GRACE_MS } from "./loadBusyBlocks";
import { type HostTimeChangeRow, knownArrays, readHostTimeChanges } from "./loadHostTimeChanges";

/** What a timetable computed from the database depends on, read in one cheap query. */
export interface TimetableStamp {
  eventTypeId: string;
  /**
   * The busy-time versions of the event type's owner and hosts and whether a failing calendar
   * connection makes them busy at `now`: equal stamps mean equal timetables (at equal `now`).
   */
  version: string;
  /** Per user, their busy-time version and whether a failing connection makes them busy. */
  hostVersions: Map<string, HostVersion>;
  /**
   * The settings versions alone (schedules, hosting, event types, the user rows): equal ones
   * mean the link resolves to the same event type, hosts and schedules.
   */
  settings: string;
  /** What changed since the busy time the caller holds (when it said what it holds). */
  prefetched?: PrefetchedChanges;
}

/** The busy time a caller holds as of a stamp: the changes since come with the new stamp. */
export interface HeldHostTime {
  stamp: string;
  read: HostTimeRead;
  known: ReadonlyMap<string, number>;
}

/** How an invitee names an event type on the two cacheable calls. */
export type StampLookup = { username: string; slug: string } | { sharedLink: string };

/**
 * The stamp of the event type a public link names, or null when it names none (the full
 * resolution then says why). The versions are read before anything a timetable is computed
 * from, so a timetable stored under a stamp is never older than it. Reads only; never throws.
 */
export async function loadTimetableStamp(
  query: RawQuery,
  lookup: StampLookup,
  now: Date,
  held?: HeldHostTime,
): Promise<TimetableStamp | null> {
  const downSince = new Date(now.getTime() - FAILURE_GRACE_MS).toISOString();
  // A database function (migration 0021): it keeps its plans, where a statement sent is planned anew.
  const username = "username" in lookup ? lookup.username : null;
  const slug = "username" in lookup ? lookup.slug : null;
  const sharedLink = "sharedLink" in lookup ? lookup.sharedLink : null;
  const since = held !== undefined && held.known.size > 0 ? held : null;
  const known = since && knownArrays(since.known);
  const rows = await query<HostTimeChangeRow | { kind: "stamp"; hostId: string; blocks: string }>(
    `select kind, host_id as "hostId", blocks from timetable_stamp($1, $2, $3, $4::timestamptz,
      $5, $6::uuid[], $7::bigint[], $8::timestamptz, $9::timestamptz, $10)`,
    [
      username,
      slug,
      sharedLink,
      downSince,
      since?.stamp ?? null,
      known?.ids ?? null,
      known?.versions ?? null,
      since ? new Date(since.read.from).toISOString() : null,
      since ? new Date(since.read.to).toISOString() : null,
      since?.read.countAttendees ?? null,
    ],
    "slotted_timetable_stamp",
  );
  const row = rows[0];
  if (row === undefined || row.kind !== "stamp") return null;
  const version = row.blocks;
  const { hostVersions, settings } = readStampVersions(version);
  const stamp: TimetableStamp = {
    eventTypeId: row.hostId,
    version,
    hostVersions,
    settings,
  };
  if (since !== null) {
    const changeRows = rows.slice(1) as HostTimeChangeRow[];
    stamp.prefetched = {
      read: since.read,
      known: since.known,
      logged: readHostTimeChanges(changeRows, since.read.from, since.read.to),
    };
  }
  return stamp;
}

/**
 * A stamp's versions ("id:busy:settings:down,…") as its busy part per user and its settings
 * part alone.
 */
export function readStampVersions(version: string): {
  hostVersions: Map<string, HostVersion>;
  settings: string;
} {
  const hostVersions = new Map<string, HostVersion>();
  const settings: string[] = [];
  for (const part of version === "" ? [] : version.split(",")) {
    const [id, busy, setting, down] = part.split(":");
    hostVersions.set(id!, { version: Number(busy), down: down === "1" });
    settings.push(`${id}:${setting}`);
  }
  return { hostVersions, settings: settings.join(",") };
}
