import type { Worker } from "node:worker_threads";
import { startThread } from "../workers/startThread";
import type { ChangeWorker } from "./changeWorker";

export interface ChangeThreadConfig {
  databaseUrl: string;
  publicUrl: string;
  secret: string;
  logLevel: string;
}

export type ToChangeThread = { type: "drain" } | { type: "stop" };
export type FromChangeThread = { type: "drained"; count: number } | { type: "stopped" };

/** How long after a thread died the next one starts: a crash loop must not spin. */
const RESTART_DELAY_MS = 1_000;

/**
 * Derives booking changes (changeWorker.ts) on a thread of its own, with its own PostgreSQL
 * connections and LISTEN: each of a change's few dozen statements then waits for a turn of that
 * thread's event loop, not of the one serving bookings, where a turn under booking load takes
 * long enough that derivation fell to a fifth of the booking rate and mail with it
 * (bench/mail.ts). PostgreSQL only: PGlite is one in-process connection the thread cannot share.
 * A thread that dies leaves its claimed changes to roll back with its connections; the next one
 * starts a second later and derives them.
 */
export function startChangeThread(
  config: ChangeThreadConfig,
  log: { warn(obj: object, msg: string): void },
): ChangeWorker {
  let worker: Worker | null = null;
  let stopped = false;
  let restart: NodeJS.Timeout | null = null;
  const replies: ((reply: FromChangeThread) => void)[] = [];

  function start(): Worker {
    const thread = startThread("changeWorkerThread", import.meta.url, config);
    thread.on("message", (reply: FromChangeThread) => replies.shift()?.(reply));
    thread.on("error", (error) => log.warn({ err: error }, "booking change thread failed"));
    thread.on("exit", () => {
      if (worker !== thread) return;
      worker = null;
      // What waited on the dead thread is answered: nothing drained, nothing left to stop.
      for (const reply of replies.splice(0)) reply({ type: "stopped" });
      if (!stopped) restart = setTimeout(() => (worker = start()), RESTART_DELAY_MS);
    });
    return thread;
  }

  function ask(message: ToChangeThread): Promise<FromChangeThread> {
    const thread = worker;
    if (!thread) return Promise.resolve({ type: "stopped" });
    return new Promise((resolve) => {
      replies.push(resolve);
      thread.postMessage(message);
    });
  }

  worker = start();
  return {
    // The thread hears every commit through its own LISTEN.
    wake: () => {},
    drain: async () => {
      const reply = await ask({ type: "drain" });
      return reply.type === "drained" ? reply.count : 0;
    },
    stop: async () => {
      stopped = true;
      if (restart) clearTimeout(restart);
      const thread = worker;
      if (!thread) return;
      const exited = new Promise((resolve) => thread.once("exit", resolve));
      await ask({ type: "stop" });
      worker = null;
      await exited;
    },
  };
}
