import type { Worker } from "node:worker_threads";
import { startThread } from "../workers/startThread";
import type { MailPayload } from "./mailTypes";

export interface MailThreadConfig {
  smtpUrl: string;
  from: string;
  /** The host of Message-IDs. */
  mailHost: string;
  /** The most mails in flight at once, over as many pooled SMTP connections. */
  concurrency: number;
}

/** What became of one mail handed to the thread. */
export type Outcome =
  | { kind: "sent" }
  | { kind: "failed"; message: string; permanent: boolean }
  /** Not started: its lease could have ended during the send. */
  | { kind: "late" }
  /** Not started: cancelQueued() took it back. */
  | { kind: "cancelled" };

export type ToMailThread =
  | {
      type: "send";
      /** performance.timeOrigin + performance.now() on the main thread. */
      handedOver: number;
      mails: { id: number; payload: MailPayload; startWithinMs: number }[];
    }
  | { type: "cancel" }
  | { type: "close" };

export interface FromMailThread {
  id: number;
  outcome: Outcome;
}

export interface MailSender {
  /**
   * Hands mails to the thread, which starts each within `startWithinMs` of now or not at all
   * (late);
   * resolves each with its outcome (never rejects).
   */
  send(mails: { id: number; payload: MailPayload; startWithinMs: number }[]): Promise<Outcome>[];
  /** Takes back the mails handed over but not started: they resolve as cancelled. */
  cancelQueued(): void;
  close(): Promise<void>;
}

/**
 * Renders and sends outbox mails over SMTP on a thread of their own. On the main thread each SMTP
 * reply and each chunk of a message waits for a turn of the event loop, and under booking load a
 * turn takes hundreds of milliseconds (on PGlite a turn runs every queued booking transaction to
 * its end): about fifteen turns per mail held delivery to 1-4 mails/s while bookings came at 40.
 * The thread starts on the first send; if it dies, what it held resolves as failed (retried with
 * backoff) and the next send starts a new one.
 */
export function startMailSender(config: MailThreadConfig): MailSender {
  let worker: Worker | null = null;
  const waiting = new Map<number, (outcome: Outcome) => void>();

  function settleAll(outcome: Outcome) {
    for (const resolve of waiting.values()) resolve(outcome);
    waiting.clear();
  }

  function thread(): Worker {
    if (worker) return worker;
    const started = startThread("mailSenderThread", import.meta.url, config);
    // Like the polling timer, mail in flight does not keep the process alive on its own.
    started.unref();
    started.on("message", ({ id, outcome }: FromMailThread) => {
      const resolve = waiting.get(id);
      waiting.delete(id);
      resolve?.(outcome);
    });
    const gone = (message: string) => {
      if (worker === started) worker = null;
      settleAll({ kind: "failed", message, permanent: false });
    };
    started.on("error", (error) => gone(`mail thread failed: ${error.message}`));
    started.on("exit", () => gone("mail thread exited"));
    worker = started;
    return started;
  }

  return {
    send(mails) {
      if (mails.length === 0) return [];
      const outcomes = mails.map(
        (mail) => new Promise<Outcome>((resolve) => waiting.set(mail.id, resolve)),
      );
      const handedOver = performance.timeOrigin + performance.now();
      thread().postMessage({ type: "send", handedOver, mails } satisfies ToMailThread);
      return outcomes;
    },
    cancelQueued() {
      worker?.postMessage({ type: "cancel" } satisfies ToMailThread);
    },
    async close() {
      const closing = worker;
      if (!closing) return;
      worker = null;
      const exited = new Promise((resolve) => closing.once("exit", resolve));
      closing.postMessage({ type: "close" } satisfies ToMailThread);
      await exited;
      settleAll({ kind: "failed", message: "mail sender closed", permanent: false });
    },
  };
}
