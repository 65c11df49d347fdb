import type { BusyBlock, Interval, OutOfOfficePeriod } from "../../core/availability/types";
import type { Db, RawQuery, Tx } from "../db/database";
import { type BusyOptions, type HostTime, loadHostTime } from "./loadBusyBlocks";
import { type HostTimeChange, loadHostTimeChanges } from "./loadHostTimeChanges";
import { WeightedLru } from "./weightedLru";

// Estimated heap per cached busy block and per host entry; the budget bounds the cache at about
// 16 MB: some 120,000 blocks, or 60 month windows of a 20-host round robin with 1,000 meetings.
const BLOCK_BYTES = 130;
const HOST_BYTES = 300;
export const HOST_TIME_CACHE_BYTES = 16 * 1024 * 1024;

interface OneHost {
  /** The busy-time version the blocks are as of. */
  version: number;
  /** A failing connection made the host busy throughout (the blocks then say so). */
  down: boolean;
  busy: BusyBlock[];
  away: OutOfOfficePeriod[];
  /**
   * The splices that brought the blocks to `version`, oldest first, each with the span covering
   * every block it replaced or added (null: none); a whole read starts it afresh.
   */
  history: Splice[];
}

interface Splice {
  from: number;
  to: number;
  span: Interval | null;
}

// Splices remembered per host: enough for the answers cached between two requests of a page.
const HISTORY_KEPT = 32;

/**
 * The spans of `host`'s busy time that changed since version `base`, or
 * "all" when its history does not reach back that far (or a failing connection is involved).
 */
function spansSince(host: OneHost, base: HostVersion | undefined): Interval[] | "all" {
  if (base === undefined || base.down || host.down || base.version > host.version) return "all";
  const spans: Interval[] = [];
  let reached = host.version;
  for (let i = host.history.length - 1; i >= 0 && reached > base.version; i--) {
    const step = host.history[i]!;
    if (step.to !== reached) return "all";
    if (step.span !== null) spans.push(step.span);
    reached = step.from;
  }
  // A splice from before `since` covers its changes and more: still every one of them.
  return reached <= base.version ? spans : "all";
}

/** A user's busy-time version, and whether a failing connection makes them busy throughout. */
export interface HostVersion {
  version: number;
  down: boolean;
}

/** What busy time a load reads: whose, over which range (epoch ms), with GROUP counts or not. */
export interface HostTimeRead {
  hostIds: readonly string[];
  from: number;
  to: number;
  countAttendees: boolean;
}

/**
 * Where hosts' busy time changed since the versions a caller's previous answer was computed from,
 * as a load found it: `all` when that is not known for some host (it was read whole since, its log
 * has a gap, a change may have touched any time), else spans (epoch ms) covering every block that
 * came or went; and what the load read.
 */
export interface BusyChanges {
  all: boolean;
  spans: Interval[];
  read?: HostTimeRead;
}

/** Changes read ahead (with the timetable stamp) since the versions `known` over `read`. */
export interface PrefetchedChanges {
  read: HostTimeRead;
  known: ReadonlyMap<string, number>;
  logged: ReadonlyMap<string, HostTimeChange>;
}

/** A host's entry: their busy time over one range, counted one way. */
const hostKey = (id: string, range: Omit<HostTimeRead, "hostIds">) =>
  `${id}|${range.from}|${range.to}|${range.countAttendees}`;

const sameRange = (a: HostTimeRead, b: Omit<HostTimeRead, "hostIds">) =>
  a.from === b.from && a.to === b.to && a.countAttendees === b.countAttendees;

/**
 * `blocks` with those overlapping `hull` replaced by `fresh` (the blocks overlapping it now), and
 * the span covering every block replaced or added (null when none).
 */
function splice(
  blocks: readonly BusyBlock[],
  hull: { from: number; to: number } | null,
  fresh: readonly BusyBlock[],
): { busy: BusyBlock[]; span: Interval | null } {
  if (hull === null) return { busy: [...blocks], span: null };
  let start = Infinity;
  let end = -Infinity;
  const cover = (block: BusyBlock) => {
    start = Math.min(start, block.from);
    end = Math.max(end, block.to);
  };
  const kept = blocks.filter((block) => {
    const replaced = block.from < hull.to && hull.from < block.to;
    if (replaced) cover(block);
    return !replaced;
  });
  for (const block of fresh) cover(block);
  return { busy: kept.concat(fresh), span: start < end ? { start, end } : null };
}

/**
 * Each host's busy blocks and away days over a range, by the host's busy-time version (as the
 * timetable stamp reads it). When a booking moves a host's version on, only the spans it changed
 * are read again (from the change log of migration 0021) and spliced into the blocks held; a host
 * whose log has a gap, or whose change may have touched any time, is read whole. Only for loads
 * that leave no event out (not a reschedule's).
 */
export class HostTimeCache {
  readonly #hosts: WeightedLru<OneHost>;

  /** `query` reads the changes (outside any transaction); `load`'s `db` reads whole hosts. */
  constructor(
    private readonly query: RawQuery,
    maxBytes: number = HOST_TIME_CACHE_BYTES,
  ) {
    this.#hosts = new WeightedLru(maxBytes);
  }

  /** The busy-time versions held for `read`'s hosts over its range (not those failing). */
  held(read: HostTimeRead): Map<string, number> {
    const versions = new Map<string, number>();
    for (const id of read.hostIds) {
      const host = this.#hosts.get(hostKey(id, read));
      if (host !== undefined && !host.down) versions.set(id, host.version);
    }
    return versions;
  }

  /**
   * loadHostTime's answer, reading only what changed for hosts held at an older version in
   * `versions`; a host missing from `versions` is always read whole. With it, what changed since
   * the versions `since` (a previous answer's); changes `prefetched` since the versions held need
   * no query. Read-only; throws what the queries throw.
   */
  async load(
    db: Db | Tx,
    hostIds: readonly string[],
    from: number,
    to: number,
    options: BusyOptions,
    versions: ReadonlyMap<string, HostVersion>,
    given: {
      since?: ReadonlyMap<string, HostVersion> | undefined;
      prefetched?: PrefetchedChanges | undefined;
    } = {},
  ): Promise<HostTime & { changes: BusyChanges }> {
    const { since, prefetched } = given;
    if (options.excludeEventId || options.leavingEventId) {
      const loaded = await loadHostTime(db, hostIds, from, to, options);
      return { ...loaded, changes: { all: true, spans: [] } };
    }
    const changes: BusyChanges = { all: false, spans: [] };
    const busy = new Map<string, BusyBlock[]>();
    const away = new Map<string, OutOfOfficePeriod[]>();
    const use = (id: string, host: OneHost) => {
      busy.set(id, host.busy);
      if (host.away.length > 0) away.set(id, host.away);
      const spans = spansSince(host, since?.get(id));
      if (spans === "all") changes.all = true;
      else changes.spans.push(...spans);
    };
    const { countAttendees } = options;
    changes.read = { hostIds, from, to, countAttendees };
    const keyOf = (id: string) => hostKey(id, { from, to, countAttendees });
    const store = (id: string, host: OneHost) => {
      const held = this.#hosts.get(keyOf(id));
      // A slower request must not put back an older state than one already held.
      if (held !== undefined && held.version > host.version) return;
      const weight = HOST_BYTES + (host.busy.length + host.away.length) * BLOCK_BYTES;
      this.#hosts.set(keyOf(id), host, weight);
    };

    const missing: string[] = [];
    const stale = new Map<string, OneHost>();
    for (const id of hostIds) {
      const wanted = versions.get(id);
      const held = wanted === undefined ? undefined : this.#hosts.get(keyOf(id));
      if (wanted === undefined || held === undefined) missing.push(id);
      else if (held.version === wanted.version && held.down === wanted.down) use(id, held);
      // Splicing keeps the rest of the blocks: not when a failure made the whole range busy.
      else if (held.version < wanted.version && !held.down && !wanted.down) stale.set(id, held);
      else missing.push(id);
    }

    if (stale.size > 0) {
      const ahead = prefetched && sameRange(prefetched.read, { from, to, countAttendees });
      const unread = new Map<string, number>();
      for (const [id, held] of stale) {
        if (!ahead || prefetched.known.get(id) !== held.version) unread.set(id, held.version);
      }
      const logged =
        unread.size === 0
          ? new Map<string, HostTimeChange>()
          : await loadHostTimeChanges(this.query, unread, from, to, countAttendees);
      for (const [id, held] of stale) {
        const change = unread.has(id) ? logged.get(id) : prefetched?.logged.get(id);
        const wanted = versions.get(id)!;
        if (change === undefined || change.hull === "unknown" || change.latest < wanted.version) {
          missing.push(id);
          continue;
        }
        const spliced = splice(held.busy, change.hull, change.busy);
        const step = { from: held.version, to: change.latest, span: spliced.span };
        const host: OneHost = {
          version: change.latest,
          down: false,
          busy: spliced.busy,
          away: held.away,
          history: [...held.history, step].slice(-HISTORY_KEPT),
        };
        use(id, host);
        store(id, host);
      }
    }

    if (missing.length === 0) return { busy, away, changes };
    const loaded = await loadHostTime(db, missing, from, to, options);
    for (const id of missing) {
      const wanted = versions.get(id);
      const host: OneHost = {
        busy: loaded.busy.get(id) ?? [],
        away: loaded.away.get(id) ?? [],
        version: wanted?.version ?? -1,
        down: wanted?.down ?? false,
        history: [],
      };
      use(id, host);
      if (wanted !== undefined) store(id, host);
    }
    return { busy, away, changes };
  }
}
