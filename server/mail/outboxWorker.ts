import { connect, type Socket } from "node:net";
import { sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { parseConnectionUrl } from "nodemailer/lib/shared/index.js";
import type SMTPPool from "nodemailer/lib/smtp-pool";
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
  /** The most mails in flight at once: pooled SMTP connections, and rows claimed at a time. */
  concurrency?: number;
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

/**
 * Mails sent at once by one process. Every claimed mail goes straight onto its own pooled SMTP
 * connection, so its lease covers only its own send, never a wait behind others.
 */
export const MAIL_CONCURRENCY = 5;

/**
 * Opens the TCP connection nodemailer then speaks SMTP (and TLS) over, with Nagle's algorithm
 * off: nodemailer leaves it on, and the end of each message then waits for the server's
 * delayed ACK, about 40 ms per mail on a reused connection. The socket is handed over while
 * still connecting, so nodemailer's own handlers and timeouts see a refused or hung connect;
 * an error passed to the callback instead would leave the pool a dead slot for good.
 */
function openNoDelay(
  options: SMTPPool.Options,
  callback: (error: Error | null, socketOptions: { connection: Socket }) => void,
): void {
  const connection = connect({
    host: options.host ?? "localhost",
    port: options.port ?? (options.secure ? 465 : 587),
    noDelay: true,
    ...(options.localAddress ? { localAddress: options.localAddress } : {}),
  });
  callback(null, { connection });
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
    concurrency = MAIL_CONCURRENCY,
    baseDelayMs = 30_000,
    maxDelayMs = 3_600_000,
    maxAttempts = 12,
    leaseMs = 120_000,
  } = options;
  const { db } = database;
  const mailHost = new URL(options.publicUrl).hostname;
  const from = options.from ?? `Slotted <no-reply@${mailHost}>`;
  // createTransport(url, options) would take the options as message defaults and drop them,
  // so the URL is parsed here and the transport settings go beside it; what the URL's query
  // sets (tls.*, for example) wins.
  const transport: Transporter = nodemailer.createTransport({
    // A new connection per mail (greeting, EHLO, the server's reverse lookup) held delivery to
    // about 6 mails/s however fast the database was; pooled connections are reused.
    pool: true,
    maxConnections: concurrency,
    // A pooled connection the server closed as idle gets one more try on a fresh one; any
    // further failure is the outbox's retry with backoff, not an unbounded resend loop.
    maxRequeues: 1,
    getSocket: openNoDelay,
    // Well inside the lease, so a hung server cannot make two processes send one mail.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
    ...parseConnectionUrl(options.smtpUrl),
  } as SMTPPool.Options);

  /** Mails the SMTP server accepted that are not yet marked sent; the next statement does. */
  let accepted: number[] = [];

  function idList(ids: number[]) {
    return sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
  }

  /**
   * Marks what was accepted as sent and claims up to `limit` due mails, in one statement: on
   * PGlite every statement is a commit of its own, and this halves them.
   */
  async function claim(limit: number): Promise<Claimed[]> {
    const now = clock();
    const done = accepted;
    accepted = [];
    const markSent =
      done.length === 0
        ? sql``
        : sql`with sent as (
            update outbox set status = 'sent', sent_at = ${now}, last_error = null
             where id in (${idList(done)}))`;
    try {
      const result = await db.execute<{
        id: string | number;
        payload: MailPayload;
        attempts: number;
      }>(sql`${markSent}
        update outbox
           set attempts = attempts + 1, next_attempt_at = ${new Date(now.getTime() + leaseMs)}
         where id in (
           select id from outbox
            where kind = 'mail' and status = 'pending' and next_attempt_at <= ${now}
            order by next_attempt_at, id
            limit ${limit}
            for update skip locked)
        returning id, payload, attempts`);
      return result.rows.map((row) => ({ ...row, id: Number(row.id) }));
    } catch (error) {
      accepted.push(...done);
      throw error;
    }
  }

  async function markAccepted(): Promise<void> {
    const done = accepted;
    accepted = [];
    if (done.length === 0) return;
    try {
      await db.execute(
        sql`update outbox set status = 'sent', sent_at = ${clock()}, last_error = null
             where id in (${idList(done)})`,
      );
    } catch (error) {
      // Their lease runs out and they go again: a rare repeat, never a loss.
      options.log?.warn(
        { outboxIds: done, err: error instanceof Error ? error.message : String(error) },
        "mail sent but not marked",
      );
    }
  }

  async function send(mail: Claimed): Promise<void> {
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
  }

  async function deliver(mail: Claimed): Promise<boolean> {
    try {
      await send(mail);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const dead = isPermanent(error) || mail.attempts >= maxAttempts;
      const next = new Date(clock().getTime() + retryDelay(mail.attempts, baseDelayMs, maxDelayMs));
      options.log?.warn(
        { outboxId: mail.id, attempts: mail.attempts, dead, err: message },
        "mail not sent",
      );
      try {
        await db.execute(
          sql`update outbox set status = ${dead ? "dead" : "pending"}, next_attempt_at = ${next},
              last_error = ${message.slice(0, 1000)} where id = ${mail.id}`,
        );
      } catch {
        // The database is gone too: the lease brings the mail back.
      }
      return false;
    }
    accepted.push(mail.id);
    return true;
  }

  /**
   * Keeps up to `concurrency` mails in flight, claiming more as each send ends, until a claim
   * finds nothing due: no poll sleep while mail is waiting.
   */
  async function pass(): Promise<number> {
    let sent = 0;
    const inFlight = new Set<Promise<void>>();
    try {
      while (!stopped) {
        const batch = await claim(concurrency - inFlight.size);
        if (batch.length === 0) break;
        for (const mail of batch) {
          const sending: Promise<void> = deliver(mail).then((ok) => {
            if (ok) sent += 1;
            inFlight.delete(sending);
          });
          inFlight.add(sending);
        }
        await Promise.race(inFlight);
      }
    } finally {
      await Promise.all(inFlight);
      await markAccepted();
    }
    return sent;
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
