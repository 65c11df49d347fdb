import type { BusyBlock } from "../../core/availability/types";
import type { RawQuery } from "../db/database";
import { type HostTimeRow, readHostTimeRows } from "./loadBusyBlocks";

/** A host's busy time as it changed since a version: the spans to read again, and their blocks. */
export interface HostTimeChange {
  /** The newest busy-time version the read saw: the blocks below are as of it. */
  latest: number;
  /**
   * The hull of every span changed since, in epoch ms (null: nothing of it to read again), or
   * "unknown" when a version since is missing from the log or may have changed any time.
   */
  hull: { from: number; to: number } | null | "unknown";
  /** The host's busy blocks overlapping the hull within the range read. */
  busy: BusyBlock[];
}

/**
 * Per host of `known` (its id and the busy-time version a cache holds), what changed since, from
 * the log migration 0021's triggers write in the same transaction as each change: one query, and
 * only the rows of the changed spans within [from, to) (epoch ms). A host with no logged change
 * since is absent. For the GROUP count as loadHostTime has it; never for a reschedule's load.
 */
export async function loadHostTimeChanges(
  query: RawQuery,
  known: ReadonlyMap<string, number>,
  from: number,
  to: number,
  countAttendees: boolean,
): Promise<Map<string, HostTimeChange>> {
  if (known.size === 0) return new Map();
  const { ids, versions } = knownArrays(known);
  const rows = await query<HostTimeChangeRow>(
    `select kind, host_id as "hostId", blocks
    from host_time_since($1::uuid[], $2::bigint[], $3::timestamptz, $4::timestamptz, $5)`,
    [ids, versions, new Date(from).toISOString(), new Date(to).toISOString(), countAttendees],
    "slotted_host_time_since",
  );
  return readHostTimeChanges(rows, from, to);
}

/** The hosts and versions a cache holds as the two array parameters host_time_since takes. */
export function knownArrays(known: ReadonlyMap<string, number>): { ids: string; versions: string } {
  return {
    ids: `{${[...known.keys()].join(",")}}`,
    versions: `{${[...known.values()].join(",")}}`,
  };
}

/** A row of host_time_since: a host's 'changed' summary, or its blocks in the changed spans. */
export type HostTimeChangeRow = {
  kind: HostTimeRow["kind"] | "changed";
  hostId: string;
  blocks: string;
};

/** The changes host_time_since's rows tell, by host; blocks over [from, to) (epoch ms). */
export function readHostTimeChanges(
  rows: readonly HostTimeChangeRow[],
  from: number,
  to: number,
): Map<string, HostTimeChange> {
  const changes = new Map<string, HostTimeChange>();
  const busy = new Map<string, BusyBlock[]>();
  const blockRows: HostTimeRow[] = [];
  for (const row of rows) {
    if (row.kind !== "changed") {
      blockRows.push({ ...row, kind: row.kind });
      continue;
    }
    const [latest, complete, lower, upper] = row.blocks.split(",");
    const blocks: BusyBlock[] = [];
    busy.set(row.hostId, blocks);
    changes.set(row.hostId, {
      latest: Number(latest),
      hull:
        complete !== "1"
          ? "unknown"
          : lower === "empty"
            ? null
            : {
                from: lower === "-inf" ? -Infinity : Math.round(Number(lower)),
                to: upper === "inf" ? Infinity : Math.round(Number(upper)),
              },
      busy: blocks,
    });
  }
  readHostTimeRows(blockRows, { busy, away: new Map() }, from, to, {});
  return changes;
}
