import type { Database } from "../db/database";
import { startPollingWorker } from "../workers/pollingWorker";
import type { WorkSignal } from "../workers/workSignal";
import { processChanges } from "./processChanges";

export interface ChangeWorkerOptions {
  database: Database;
  publicUrl: string;
  /** Signs the hosts' links that answer a request (SESSION_SECRET). */
  secret: string;
  clock: () => Date;
  log?: { warn(obj: object, msg: string): void };
  /** How long after a pass the next one looks for changes nobody woke it for. */
  pollMs?: number;
  /** Wakes a pass when a change commits, in this process or another. */
  workSignal?: WorkSignal;
}

/**
 * Transactions deriving effects at once on PostgreSQL. Deriving a change is a few dozen short
 * statements, each waiting for a turn of the event loop that the booking requests keep busy, so
 * one claimer alone falls behind the bookings; several claim disjoint batches (SKIP LOCKED).
 * PGlite has one connection, where a second claimer would only queue.
 */
export const POSTGRES_CLAIMERS = 4;

export interface ChangeWorker {
  /** A pass soon: a change was committed. */
  wake(): void;
  /** Waits for the running pass, then processes every change there is; resolves with the count. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Derives the effects of booking changes (processChanges) at start, when a change commits
 * (workSignal, any process), and `pollMs` after each pass for changes whose wake was missed or
 * whose processing failed.
 */
export function startChangeWorker(options: ChangeWorkerOptions): ChangeWorker {
  const { database, clock } = options;
  const settings = { publicUrl: options.publicUrl, secret: options.secret, clock };
  const worker = startPollingWorker({
    tick: async () => {
      const claimers = database.engine === "postgres" ? POSTGRES_CLAIMERS : 1;
      const counts = await Promise.all(
        Array.from({ length: claimers }, () =>
          processChanges(database.db, settings, (change, error) =>
            options.log?.warn(
              { changeId: change.id, kind: change.kind, err: error },
              "booking change processing failed",
            ),
          ),
        ),
      );
      return counts.reduce((sum, count) => sum + count, 0);
    },
    pollMs: options.pollMs ?? 1_000,
    wakeOn: options.workSignal && { signal: options.workSignal, tables: ["booking_changes"] },
    onError: (error) => {
      options.log?.warn({ err: error }, "booking change pass failed");
      return 0;
    },
  });
  void worker.run();
  return {
    wake: () => void worker.run(),
    drain: () => worker.drain(),
    stop: () => worker.stop(),
  };
}
