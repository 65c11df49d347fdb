import { connect, type Socket } from "node:net";
import { sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { parseConnectionUrl } from "nodemailer/lib/shared/index.js";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import type { Database } from "../db/database";
import { errorMessage } from "../loggerOptions";
import { startPollingWorker } from "../workers/pollingWorker";
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
  /** The most mails in flight at once, over as many pooled SMTP connections. */
  concurrency?: number;
  /** Mails claimed per statement. */
  claimBatch?: number;
  /** First retry delay; each further failure doubles it, up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** After this many failed attempts a mail is marked dead. */
  maxAttempts?: number;
  /** How long a claimed mail is reserved for its claimer before another process may retry it. */
  leaseMs?: number;
  /**
   * Housekeeping run before each pass, whose mails the pass then sends (expiring unanswered
   * booking requests); a failure is logged and the pass goes on.
   */
  sweep?: () => Promise<unknown>;
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
  leasedUntil: Date;
}

/** Mails sent at once by one process, each over a pooled SMTP connection of its own. */
export const MAIL_CONCURRENCY = 5;

/** Mails claimed per statement, sent from a local queue `concurrency` at a time. */
const CLAIM_BATCH = 50;

/**
 * The longest one send may take (connection, greeting and socket timeouts below): a mail whose
 * lease has less left (or less than half the lease, when that is shorter) is not started.
 */
const SEND_BUDGET_MS = 60_000;

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
 * Message-ID, so a receiver can tell a rare repeat). A reminder or follow-up (a row with a
 * `purpose`) is due at its time and checked as it is claimed, under a share lock of its meeting
 * and attendee (skipped while a change to either is uncommitted): one whose meeting is no longer
 * confirmed, has moved from the time it names, or whose attendee left is deleted instead of sent
 * (the commands drop such rows already; this is the belt to their braces).
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const {
    database,
    clock,
    pollMs = 1000,
    concurrency = MAIL_CONCURRENCY,
    claimBatch = CLAIM_BATCH,
    baseDelayMs = 30_000,
    maxDelayMs = 3_600_000,
    maxAttempts = 12,
    leaseMs = 120_000,
  } = options;
  const { db } = database;
  const sendBudgetMs = Math.min(SEND_BUDGET_MS, leaseMs / 2);
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

  function idList(ids: number[]) {
    return sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
  }

  async function claim(limit: number): Promise<Claimed[]> {
    const now = clock();
    const leasedUntil = new Date(now.getTime() + leaseMs);
    // A reminder is claimed together with a share lock on its meeting and attendee, skipping
    // it while a transaction holds either (a reschedule or cancel not yet committed): checked
    // against the rows as they are then, it cannot go out for a time that is being changed. A
    // plain "is it still live" read would see the meeting as it was before that transaction
    // and send the reminder just as the move commits.
    const result = await db.execute<{
      id: string | number;
      payload: MailPayload;
      attempts: number;
    }>(sql`
      with plain as (
        select id, true as live
          from outbox
         where kind = 'mail' and status = 'pending' and next_attempt_at <= ${now}
           and purpose is null
         order by next_attempt_at, id
         limit ${limit}
         for update skip locked
      ), scheduled as (
        select o.id, (e.status = 'CONFIRMED'
                      and e.start_at = (o.payload->'data'->>'start')::timestamptz
                      and a.event_id = e.id and a.status = 'CONFIRMED') as live
          from outbox o
          join events e on e.id = o.event_id
          join attendees a on a.id = o.attendee_id
         where o.kind = 'mail' and o.status = 'pending' and o.next_attempt_at <= ${now}
           and o.purpose is not null
         order by o.next_attempt_at, o.id
         limit ${limit}
         for update of o skip locked
         for share of e, a skip locked
      ), due as (
        select id, live from plain union all select id, live from scheduled
      ), stale as (
        delete from outbox where id in (select id from due where not live)
      )
      update outbox
         set attempts = attempts + 1, next_attempt_at = ${leasedUntil}
       where id in (select id from due where live)
      returning id, payload, attempts`);
    return result.rows.map((row) => ({ ...row, id: Number(row.id), leasedUntil }));
  }

  /** Mails the SMTP server accepted that are not yet marked sent. */
  let accepted: number[] = [];
  let marking: Promise<void> | null = null;

  /**
   * Marks accepted mails sent, many per statement, one statement at a time: under booking load
   * a statement waits its turn behind the bookings', and one per mail would make mail wait too.
   */
  function markAccepted(): Promise<void> {
    if (marking) return marking;
    if (accepted.length === 0) return Promise.resolve();
    const done = accepted;
    accepted = [];
    marking = db
      .execute(
        sql`update outbox set status = 'sent', sent_at = ${clock()}, last_error = null
             where id in (${idList(done)})`,
      )
      .then(
        () => {},
        (error: unknown) => {
          // Their lease runs out and they go again: a rare repeat, never a loss.
          options.log?.warn({ outboxIds: done, err: error }, "mail sent but not marked");
        },
      )
      .finally(() => {
        marking = null;
        if (accepted.length > 0) void markAccepted();
      });
    return marking;
  }

  /** Gives claimed mails that were never started back at once (stopping), not at lease end. */
  async function release(ids: number[]): Promise<void> {
    try {
      await db.execute(
        sql`update outbox set attempts = attempts - 1, next_attempt_at = ${clock()}
             where id in (${idList(ids)}) and status = 'pending'`,
      );
    } catch {
      // Then their lease ends as if this process had died.
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
      const message = errorMessage(error);
      const dead = isPermanent(error) || mail.attempts >= maxAttempts;
      const next = new Date(clock().getTime() + retryDelay(mail.attempts, baseDelayMs, maxDelayMs));
      options.log?.warn(
        { outboxId: mail.id, attempts: mail.attempts, dead, err: error },
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
   * Keeps up to `concurrency` mails in flight from a local queue that claims refill in batches
   * (a claim waits its turn behind the bookings' statements, so one per mail would throttle
   * mail to the claims' pace), until a claim finds nothing due: no poll sleep while mail is
   * waiting.
   */
  async function pass(signal: AbortSignal): Promise<number> {
    if (options.sweep) {
      await options.sweep().catch((error: unknown) => {
        options.log?.warn({ err: error }, "outbox sweep failed");
      });
    }
    let sent = 0;
    const queue: Claimed[] = [];
    const inFlight = new Set<Promise<void>>();
    let claiming: Promise<void> | null = null;
    // The last claim got fewer than it asked for: claim again once what is in hand is done.
    let caughtUp = false;
    let nothingDue = false;

    const refill = () => {
      const limit = Math.max(claimBatch, concurrency) - queue.length;
      claiming = claim(limit)
        .then((rows) => {
          queue.push(...rows);
          caughtUp = rows.length < limit;
          nothingDue = rows.length === 0;
        })
        .finally(() => {
          claiming = null;
        });
    };

    const start = (mail: Claimed) => {
      // A send may take up to its timeouts; one that could outlast the lease is left for the
      // lease to end, so another process that claims it then never sends it a second time.
      if (clock().getTime() + sendBudgetMs > mail.leasedUntil.getTime()) return;
      const sending: Promise<void> = deliver(mail).then((ok) => {
        if (ok) {
          sent += 1;
          void markAccepted();
        }
        inFlight.delete(sending);
      });
      inFlight.add(sending);
    };

    try {
      while (!signal.aborted) {
        const idle = queue.length === 0 && inFlight.size === 0;
        if (!claiming && queue.length < concurrency && (!caughtUp || idle)) {
          if (idle && nothingDue) break;
          refill();
        }
        while (inFlight.size < concurrency && queue.length > 0) start(queue.shift()!);
        const waits = [...inFlight, ...(claiming ? [claiming] : [])];
        if (waits.length > 0) await Promise.race(waits);
      }
    } finally {
      await Promise.allSettled([...inFlight, ...(claiming ? [claiming] : [])]);
      while (marking || accepted.length > 0) await markAccepted();
      if (queue.length > 0) await release(queue.map((mail) => mail.id));
    }
    return sent;
  }

  const worker = startPollingWorker({
    tick: pass,
    pollMs,
    onError(error) {
      options.log?.warn({ err: error }, "outbox pass failed");
      return 0;
    },
  });

  return {
    drain: worker.drain,
    async stop() {
      await worker.stop();
      transport.close();
    },
  };
}
