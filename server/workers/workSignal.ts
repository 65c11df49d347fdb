import type { Database } from "../db/database";

/**
 * The channel the work tables' triggers notify when due work commits (migrations
 * 0025_work_notify, 0029_outbox_work_by_kind): the payload is the table's name, and for the
 * outbox the row's kind after a colon ("outbox:mail"). A table joins with one trigger calling
 * notify_work(); its worker then names the table (or "outbox:<kind>") in `wakeOn`.
 */
export const WORK_CHANNEL = "slotted_work";

export interface WorkSignal {
  /**
   * Calls `wake` whenever due work in `table` commits; returns what stops it. "outbox:mail"
   * hears the mails only, "outbox" every kind.
   */
  on(table: string, wake: () => void): () => void;
  /** Listens no more. */
  close(): Promise<void>;
}

/**
 * One LISTEN per process for every worker: on PostgreSQL a connection of its own hears the
 * commits of every process, on PGlite the instance hears its own. When notifications may have
 * been missed (the connection dropped), every worker is woken, so none waits for its poll.
 */
export async function openWorkSignal(database: Database): Promise<WorkSignal> {
  const wakers = new Map<string, Set<() => void>>();
  const unlisten = await database.listen(WORK_CHANNEL, (payload) => {
    const woken = payload === null ? [...wakers.values()] : wakersOf(wakers, payload);
    for (const set of woken) for (const wake of set) wake();
  });
  return {
    on(table, wake) {
      const set = wakers.get(table) ?? new Set();
      wakers.set(table, set);
      set.add(wake);
      return () => set.delete(wake);
    },
    close: unlisten,
  };
}

/** Who hears `payload`: its own listeners, and for "table:kind" those of the whole table. */
function wakersOf(wakers: Map<string, Set<() => void>>, payload: string): Set<() => void>[] {
  const colon = payload.indexOf(":");
  const names = colon === -1 ? [payload] : [payload, payload.slice(0, colon)];
  return names.map((name) => wakers.get(name)).filter((set) => set !== undefined);
}
