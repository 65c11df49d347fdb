import type { Database } from "../db/database";

/**
 * The channel the work tables' triggers notify when due work commits (migration
 * 0025_work_notify): the payload is the table's name. A table joins with one trigger calling
 * notify_work(); its worker then names the table in `wakeOn`.
 */
export const WORK_CHANNEL = "slotted_work";

export interface WorkSignal {
  /** Calls `wake` whenever due work in `table` commits; returns what stops it. */
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
  const unlisten = await database.listen(WORK_CHANNEL, (table) => {
    const woken = table === null ? [...wakers.values()] : [wakers.get(table) ?? new Set()];
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
