import { sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { Database } from "../db/database";
import type { MailPayload } from "./mailTypes";
import { renderMail, UnknownTemplateError } from "./renderMail";

export interface OutboxWorkerOptions {
  database: Database;
  smtpUrl: string;
  /** The From header; default "Slotted <no-reply@{host of publicUrl}>". */
  from?: string;
  publicUrl: string;
  clock: () => Date;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** How often to look for due mail when idle. */
  pollMs?: number;
  batchSize?: number;
  /** First retry delay; each further failure doubles it, up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** After this many failed attempts a mail is marked dead. */
  maxAttempts?: number;
  /** How long a claimed mail is reserved for its claimer before another process may retry it. */
  leaseMs?: number;
}

export interface OutboxWorker {
  /** Delivers every due mail now; resolves with how many were sent. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

interface Claimed {
  id: number;
  payload: MailPayload;
  attempts: number;
}

/** The delay before retry number `attempts` (1-based): base · 2^(attempts-1), capped. */
export function retryDelay(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

function isPermanent(error: unknown): boolean {
  if (error instanceof UnknownTemplateError) return true;
  const code = (error as { responseCode?: unknown }).responseCode;
  // 5xx for a recipient or message is final; connection trouble and 4xx are worth a retry.
  return typeof code === "number" && code >= 500 && code < 600;
}

/**
 * Delivers the outbox's mail through SMTP_URL with retries and exponential backoff. Rows are
 * claimed with FOR UPDATE SKIP LOCKED and leased (next_attempt_at moves past the send), so any
 * number of server processes share the work and never send one mail twice; a process that
 * dies mid-send leaves its mail to be retried when the lease ends (each mail keeps one
 * Message-ID, so a receiver can tell a rare repeat).
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const {
    database,
    clock,
    pollMs = 1000,
    batchSize = 20,
    baseDelayMs = 30_000,
    maxDelayMs = 3_600_000,
    maxAttempts = 12,
    leaseMs = 120_000,
  } = options;
  const { db } = database;
  const mailHost = new URL(options.publicUrl).hostname;
  const from = options.from ?? `Slotted <no-reply@${mailHost}>`;
  const transport: Transporter = nodemailer.createTransport(options.smtpUrl, {
    // Well inside the lease, so a hung server cannot make two processes send one mail.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });

  async function claim(): Promise<Claimed[]> {
    const now = clock();
    const result = await db.execute<{
      id: string | number;
      payload: MailPayload;
      attempts: number;
    }>(sql`
      update outbox
         set attempts = attempts + 1, next_attempt_at = ${new Date(now.getTime() + leaseMs)}
       where id in (
         select id from outbox
          where kind = 'mail' and status = 'pending' and next_attempt_at <= ${now}
          order by next_attempt_at, id
          limit ${batchSize}
          for update skip locked)
      returning id, payload, attempts`);
    return result.rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  async function deliver(mail: Claimed): Promise<boolean> {
    try {
      const rendered = renderMail(mail.payload);
      await transport.sendMail({
        from,
        to: rendered.to.name
          ? { name: rendered.to.name, address: rendered.to.email }
          : rendered.to.email,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        messageId: `<outbox-${mail.id}@${mailHost}>`,
        attachments: rendered.attachments,
        ...(rendered.ics
          ? {
              icalEvent: {
                method: rendered.ics.method,
                filename: "invite.ics",
                content: rendered.ics.content,
              },
            }
          : {}),
      });
      await db.execute(
        sql`update outbox set status = 'sent', sent_at = ${clock()}, last_error = null where id = ${mail.id}`,
      );
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const dead = isPermanent(error) || mail.attempts >= maxAttempts;
      const next = new Date(clock().getTime() + retryDelay(mail.attempts, baseDelayMs, maxDelayMs));
      await db.execute(
        sql`update outbox set status = ${dead ? "dead" : "pending"}, next_attempt_at = ${next},
            last_error = ${message.slice(0, 1000)} where id = ${mail.id}`,
      );
      options.log?.warn(
        { outboxId: mail.id, attempts: mail.attempts, dead, err: message },
        "mail not sent",
      );
      return false;
    }
  }

  async function pass(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await claim();
      for (const mail of batch) if (await deliver(mail)) sent += 1;
      if (batch.length < batchSize || stopped) return sent;
    }
  }

  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;

  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((error: unknown) => {
        options.log?.warn(
          { err: error instanceof Error ? error.message : String(error) },
          "outbox pass failed",
        );
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void run();
        }
      });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(async () => {
      await run();
      schedule();
    }, pollMs);
    timer.unref();
  }
  schedule();

  return {
    async drain() {
      if (running) await running;
      return run();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running) await running;
      transport.close();
    },
  };
}
