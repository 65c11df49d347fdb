import { type PollingWorker, startPollingWorker } from "./pollingWorker";
import type { WorkSignal } from "./workSignal";

/** What running a job came to: what it resolved with, or what it threw. */
export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * A kind of leased work, in the shape every worker shares: claim due rows (FOR UPDATE SKIP
 * LOCKED, leased so a process that dies leaves them to the others when the lease ends), run each,
 * mark it done or retried with backoff (retryDelay), and give back what was claimed but never
 * started when the worker stops. A concrete worker supplies only these specifics.
 */
export interface ClaimRunMark<J, R> {
  /** Claims up to `limit` due jobs, leased to this process until `leasedUntil`. */
  claim(limit: number, now: Date, leasedUntil: Date): Promise<J[]>;
  /** Carries one job out; what it resolves with or throws goes to `mark`. */
  run(job: J): Promise<R>;
  /** Records a job's outcome (done, retried, dead); resolves true when it counts as done. */
  mark(job: J, outcome: Outcome<R>): Promise<boolean>;
  /** Gives jobs claimed but not started back at once, not at their lease's end. */
  release(jobs: J[]): Promise<void>;
  /**
   * Waits for outcomes `mark` records in the background (many in one statement, while the job's
   * lane goes on to the next): a worker's pass ends only once they are recorded, but its next
   * claim does not wait for them.
   */
  settle?(): Promise<void>;
  clock: () => Date;
  /** Jobs claimed per statement, and run `concurrency` at a time. */
  batch: number;
  concurrency: number;
  /**
   * Claims the next batch while fewer than `concurrency` jobs are waiting or running and the
   * last claim came back full, so work that is handed on (to a thread) never waits for a claim.
   */
  claimAhead?: boolean;
  /** Longer than a job can take, so no two processes run one job at once. */
  leaseMs: number;
  /** A job whose outcome could not be recorded: its lease brings it back. */
  onLost?(job: J, error: unknown): void;
}

/**
 * One claim and its jobs, `concurrency` at a time (with `claimAhead`, further claims while the
 * last came back full); once `signal` is aborted no job starts, and the unstarted ones are
 * released. Resolves with how many were done.
 */
export async function claimRunMark<J, R>(
  work: ClaimRunMark<J, R>,
  signal?: AbortSignal,
): Promise<number> {
  const queue: J[] = [];
  let running = 0;
  let done = 0;
  let full = false;
  let claiming: Promise<void> | null = null;
  const claim = () => {
    claiming ??= (async () => {
      const now = work.clock();
      const claimed = await work.claim(work.batch, now, new Date(now.getTime() + work.leaseMs));
      full = claimed.length === work.batch;
      queue.push(...claimed);
    })().finally(() => {
      claiming = null;
    });
    return claiming;
  };
  await claim();
  const ahead = () =>
    work.claimAhead === true &&
    full &&
    !signal?.aborted &&
    queue.length + running < work.concurrency;

  const laneCount = work.claimAhead ? work.concurrency : Math.min(work.concurrency, queue.length);
  const lanes = Array.from({ length: laneCount }, async () => {
    while (!signal?.aborted) {
      if (ahead() && claiming === null) {
        // A failed claim ahead ends claiming ahead: the next pass claims again, and says why.
        claim().catch(() => {
          full = false;
        });
      }
      const job = queue.shift();
      if (job === undefined) {
        if (claiming === null) return;
        await claiming.catch(() => {});
        continue;
      }
      running += 1;
      const outcome: Outcome<R> = await work.run(job).then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      try {
        if (await work.mark(job, outcome)) done += 1;
      } catch (error) {
        work.onLost?.(job, error);
      } finally {
        running -= 1;
      }
    }
  });
  await Promise.all(lanes);
  if (claiming !== null) await (claiming as Promise<void>).catch(() => {});
  if (queue.length > 0) {
    // Then their lease ends as if this process had died.
    await work.release(queue).catch(() => {});
  }
  return done;
}

export interface ClaimWorkerOptions {
  /** How often to look for due jobs; with `wakeOn`, only the safety net. */
  pollMs: number;
  wakeOn?: { signal: WorkSignal; tables: string[] } | undefined;
  /** Logs a pass that failed (its claim, say); the next pass tries again. */
  onError(error: unknown): void;
}

/**
 * Runs claimRunMark pass after pass while a pass finds work (a full claim, or a done job that
 * may have let another become due), then waits for the poll or a wake.
 */
export function startClaimWorker<J, R>(
  work: ClaimRunMark<J, R>,
  options: ClaimWorkerOptions,
): PollingWorker<number> {
  return startPollingWorker({
    pollMs: options.pollMs,
    wakeOn: options.wakeOn,
    async tick(signal) {
      let total = 0;
      try {
        for (let done = await claimRunMark(work, signal); done > 0 && !signal.aborted; ) {
          total += done;
          done = await claimRunMark(work, signal);
        }
      } finally {
        await work.settle?.();
      }
      return total;
    },
    onError(error) {
      options.onError(error);
      return 0;
    },
  });
}
