import type { BusyBlock, OutOfOfficePeriod } from "../../core/availability/types";
import type { Db, Tx } from "../db/database";
import { type BusyOptions, type HostTime, loadHostTime } from "./loadBusyBlocks";
import { WeightedLru } from "./weightedLru";

// Estimated heap per cached busy block and per host entry; the budget bounds the cache at about
// 16 MB: some 120,000 blocks, or 60 month windows of a 20-host round robin with 1,000 meetings.
const BLOCK_BYTES = 130;
const HOST_BYTES = 300;
export const HOST_TIME_CACHE_BYTES = 16 * 1024 * 1024;

interface OneHost {
  busy: BusyBlock[];
  away: OutOfOfficePeriod[];
}

/**
 * Each host's busy blocks and away days over a range, by the host's busy-time version (as the
 * timetable stamp reads it): when a booking changes one host of a round robin, only that host's
 * rows are read again. Only for loads that leave no event out (not a reschedule's).
 */
export class HostTimeCache {
  readonly #hosts: WeightedLru<OneHost>;

  constructor(maxBytes: number = HOST_TIME_CACHE_BYTES) {
    this.#hosts = new WeightedLru(maxBytes);
  }

  /**
   * loadHostTime's answer, reading only the hosts without an entry at their version in
   * `versions`; a host missing from `versions` is always read. Read-only; throws what the
   * query throws.
   */
  async load(
    db: Db | Tx,
    hostIds: readonly string[],
    from: number,
    to: number,
    options: BusyOptions,
    versions: ReadonlyMap<string, string>,
  ): Promise<HostTime> {
    if (options.excludeEventId || options.leavingEventId) {
      return loadHostTime(db, hostIds, from, to, options);
    }
    const busy = new Map<string, BusyBlock[]>();
    const away = new Map<string, OutOfOfficePeriod[]>();
    const missing: string[] = [];
    const keyOf = (id: string) => {
      const version = versions.get(id);
      return version === undefined
        ? null
        : `${id}|${version}|${from}|${to}|${options.countAttendees}`;
    };
    for (const id of hostIds) {
      const key = keyOf(id);
      const cached = key === null ? undefined : this.#hosts.get(key);
      if (cached === undefined) {
        missing.push(id);
        continue;
      }
      busy.set(id, cached.busy);
      if (cached.away.length > 0) away.set(id, cached.away);
    }
    if (missing.length === 0) return { busy, away };
    const loaded = await loadHostTime(db, missing, from, to, options);
    for (const id of missing) {
      const host = { busy: loaded.busy.get(id) ?? [], away: loaded.away.get(id) ?? [] };
      busy.set(id, host.busy);
      if (host.away.length > 0) away.set(id, host.away);
      const key = keyOf(id);
      if (key !== null) {
        this.#hosts.set(
          key,
          host,
          HOST_BYTES + (host.busy.length + host.away.length) * BLOCK_BYTES,
        );
      }
    }
    return { busy, away };
  }
}
