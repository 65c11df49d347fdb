import type { WorkSignal } from "./workSignal";

export interface PollingWorkerOptions<T> {
  /** One pass of the work; `signal` is aborted by stop(), so a long pass can end early. */
  tick: (signal: AbortSignal) => Promise<T>;
  /** How long to wait after a pass before the next one. */
  pollMs: number;
  /** Logs a pass that threw, and says what that pass resolves with instead. */
  onError: (error: unknown) => T;
  /** Passes run as soon as due work in one of `tables` commits, not on the next poll. */
  wakeOn?: { signal: WorkSignal; tables: string[] } | undefined;
}

export interface PollingWorker<T> {
  /** A pass now, or the running one (after which another follows, for what came due meanwhile). */
  run(): Promise<T>;
  /** Waits for the running pass, then runs a fresh one. */
  drain(): Promise<T>;
  /** A pass soon: now when idle, after the running one otherwise (wakes in between are one). */
  wake(): void;
  /** Polls no more; resolves once the running pass has ended. */
  stop(): Promise<void>;
}

/**
 * Runs `tick` in this process `pollMs` after each pass ends, and whenever run() or drain() asks,
 * never two passes at once, and when `wakeOn` hears work commit. The poll is then only the safety
 * net (a missed notification, work that comes due by time). The timer does not keep the process
 * alive.
 */
export function startPollingWorker<T>(options: PollingWorkerOptions<T>): PollingWorker<T> {
  const { tick, pollMs, onError } = options;
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<T> | null = null;
  let again = false;

  function run(): Promise<T> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => tick(stopping.signal))()
      .catch(onError)
      .finally(() => {
        running = null;
        if (again && !stopping.signal.aborted) {
          again = false;
          void run();
        }
      });
    return running;
  }

  function schedule() {
    if (stopping.signal.aborted) return;
    timer = setTimeout(async () => {
      await run();
      schedule();
    }, pollMs);
    timer.unref();
  }
  schedule();

  const wake = () => {
    if (!stopping.signal.aborted) void run();
  };
  const unsubscribe = (options.wakeOn?.tables ?? []).map((table) =>
    options.wakeOn!.signal.on(table, wake),
  );

  return {
    run,
    wake,
    async drain() {
      if (running) await running;
      return run();
    },
    async stop() {
      stopping.abort();
      for (const stop of unsubscribe) stop();
      if (timer) clearTimeout(timer);
      if (running) await running;
    },
  };
}
