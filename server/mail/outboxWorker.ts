import { sql } from "drizzle-orm";
import {
  fillMeetingLinks,
  LINK_RECHECK_MS,
  mailAwaitsLinkSql,
} from "../calendars/connectedLocations";
import type { Database } from "../db/database";
import { errorMessage } from "../loggerOptions";
import { type Outcome as ClaimOutcome, startClaimWorker } from "../workers/claimWorker";
import { dueTimedRows } from "../workers/dueTimedRows";
import {
  markOutboxJob,
  type OutboxJob,
  outboxWork,
  type RetryPolicy,
  releaseOutbox,
} from "../workers/outboxJobs";
import type { WorkSignal } from "../workers/workSignal";
import { type Outcome, startMailSender } from "./mailSender";
import type { BookingMailData, MailPayload } from "./mailTypes";

export interface OutboxWorkerOptions {
  database: Database;
  smtpUrl: string;
  /** The From header; default "Slotted <no-reply@{host of publicUrl}>". */
  from?: string;
  publicUrl: string;
  clock: () => Date;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** How often to look for due mail when idle; with `workSignal`, only the safety net. */
  pollMs?: number;
  /** Wakes the worker when mail commits, in this process or (PostgreSQL) any other. */
  workSignal?: WorkSignal;
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
}

export interface OutboxWorker {
  /** Delivers every due mail now; resolves with how many were sent. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

interface Claimed extends OutboxJob<MailPayload> {
  leasedUntil: Date;
}

/** What the mail thread said of a mail it could not send; `permanent`: a retry will not change it. */
class MailNotSent extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/**
 * Mails sent at once by one process, each over a pooled SMTP connection of its own (fewer when
 * SMTP_URL sets `maxConnections`). A mail is four round trips on a reused connection, each
 * waiting for the SMTP server's turn and the mail thread's: under booking load, when both share
 * the CPU with the bookings, five connections sent fewer mails a second than bookings came.
 */
export const MAIL_CONCURRENCY = 10;

/**
 * Mails claimed per statement; up to two claims' worth are with the mail thread at once, so it
 * has mail to send while the next claim waits its turn behind the bookings' statements.
 */
const CLAIM_BATCH = 50;

/**
 * The longest one send may take (mailSenderThread.ts's connection, greeting and socket
 * timeouts): a mail whose
 * lease has less left (or less than half the lease, when that is shorter) is not started.
 */
const SEND_BUDGET_MS = 60_000;

/**
 * Delivers the outbox's mail through SMTP_URL with retries and exponential backoff. Rows are
 * claimed with FOR UPDATE SKIP LOCKED and leased (next_attempt_at moves past the send), so any
 * number of server processes share the work and never send one mail twice; a process that
 * dies mid-send leaves its mail to be retried when the lease ends (each mail keeps one
 * Message-ID, so a receiver can tell a rare repeat). A reminder or follow-up (a row with a
 * `purpose`) is due at its time and checked as it is claimed, under a share lock of its meeting
 * and attendee (skipped while a change to either is uncommitted): one whose meeting is no longer
 * confirmed, has moved from the time it names, or whose attendee left is deleted instead of sent
 * (the commands drop such rows already; this is the belt to their braces). Rendering and SMTP
 * run on a thread of their own (mailSender.ts); claims and marks stay here, with the database,
 * in the shared claim–run–mark loop (server/workers/claimWorker.ts) claiming ahead, and sent
 * mails are marked many per statement, which holds mail throughput under booking load
 * (bench/mail.ts).
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
  const retry: RetryPolicy = {
    baseDelayMs,
    maxDelayMs,
    maxAttempts,
    permanent: (error) => error instanceof MailNotSent && error.permanent,
  };
  const mailHost = new URL(options.publicUrl).hostname;
  const from = options.from ?? `Slotted <no-reply@${mailHost}>`;
  const sender = startMailSender({ smtpUrl: options.smtpUrl, from, mailHost, concurrency });

  function idList(ids: number[]) {
    return sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
  }

  async function claim(limit: number, now: Date, leasedUntil: Date): Promise<Claimed[]> {
    for (;;) {
      const { claimed, waited } = await claimOnce(limit, now, leasedUntil);
      // Mails put back to wait for their link took the batch: the next ones may be due.
      if (claimed.length > 0 || waited === 0) return claimed;
    }
  }

  async function claimOnce(limit: number, now: Date, leasedUntil: Date) {
    // A reminder is claimed with a share lock on its meeting and attendee (dueTimedRows says
    // why). A mail waiting for its meeting's link is put back for LINK_RECHECK_MS
    // (storeMeetingLink brings it back sooner): that test is made of the rows taken only, not in
    // the filter, where the planner priced it over the whole backlog and PostgreSQL spent a
    // second compiling each claim (JIT) once the tables grew.
    const result = await db.execute<{
      id: string | number;
      payload: MailPayload;
      attempts: number;
      waits: boolean;
    }>(sql`
      with plain as (
        select o.id, ${mailAwaitsLinkSql(now)} as waits
          from outbox o
         where o.kind = 'mail' and o.status = 'pending' and o.next_attempt_at <= ${now}
           and o.purpose is null
         order by o.next_attempt_at, o.id
         limit ${limit}
         for update skip locked
      ), scheduled as (${dueTimedRows("mail", sql`o.payload->'data'->>'start'`, now, limit)}
      ), due as (
        select id, true as live from plain where not waits
        union all select id, live from scheduled
      ), stale as (
        delete from outbox where id in (select id from due where not live)
      ), waiting as (
        update outbox set next_attempt_at = ${new Date(now.getTime() + LINK_RECHECK_MS)}
         where id in (select id from plain where waits)
        returning id
      ), taken as (
        update outbox
           set attempts = attempts + 1, next_attempt_at = ${leasedUntil}
         where id in (select id from due where live)
        returning id, payload, attempts, false as waits
      )
      select * from taken
      union all select id, null, 0, true from waiting`);
    const waited = result.rows.filter((row) => row.waits).length;
    const rows = result.rows.filter((row) => !row.waits);
    const claimed = rows.map(({ waits: _, ...row }) => ({
      ...row,
      id: Number(row.id),
      leasedUntil,
    }));
    // A meeting's join link made by the host's provider after the mail was written goes in it.
    await fillMeetingLinks(
      db,
      claimed.map((row) => row.payload as { data?: BookingMailData }),
    );
    return { claimed, waited };
  }

  /** Mails the SMTP server accepted, waiting for the next statement that marks them sent. */
  let accepted: number[] = [];
  /** The last statement marking mails sent, and the next one while it has not started. */
  let marking: Promise<void> = Promise.resolve();
  let next: Promise<void> | null = null;

  /**
   * Marks an accepted mail sent, with every other accepted by the time the statement starts,
   * one statement at a time: under booking load a statement waits its turn behind the
   * bookings', and one per mail would make mail wait too. Resolves once it is marked (never
   * rejects: a mail not marked is logged, and its lease brings it back).
   */
  function markSent(id: number): Promise<void> {
    accepted.push(id);
    next ??= marking = marking.then(() => {
      next = null;
      const done = accepted;
      accepted = [];
      const now = clock();
      // next_attempt_at leaves the lease's end for the send: the development mailbox lists
      // mail due by now, and a sent mail would otherwise vanish from it until its lease ran out.
      return db
        .execute(
          sql`update outbox set status = 'sent', sent_at = ${now}, next_attempt_at = ${now},
               last_error = null where id in (${idList(done)})`,
        )
        .then(
          () => {},
          (error: unknown) => {
            // Their lease runs out and they go again: a rare repeat, never a loss.
            options.log?.warn({ outboxIds: done, err: error }, "mail sent but not marked");
          },
        );
    });
    return next;
  }

  /** Records what became of a mail: sent (marked with others), retried or dead, or neither. */
  async function mark(mail: Claimed, outcome: ClaimOutcome<Outcome>): Promise<boolean> {
    const result: Outcome = outcome.ok
      ? outcome.value
      : { kind: "failed", message: errorMessage(outcome.error), permanent: false };
    if (result.kind === "sent") {
      // Marked with the others accepted meanwhile; the lane hands the thread its next mail now.
      void markSent(mail.id);
      return true;
    }
    if (result.kind === "failed") {
      const failure = {
        ok: false as const,
        error: new MailNotSent(result.message, result.permanent),
      };
      await markOutboxJob(db, mail, failure, clock(), retry, {
        log: options.log,
        about: () => ({}),
        notDone: "mail not sent",
      }).catch(() => {
        // The database is gone too: the lease brings the mail back.
      });
    } else if (result.kind === "cancelled") {
      // Taken back from the thread as the worker stops: due at once for the next process.
      await releaseOutbox(db, [mail.id], clock()).catch(() => {});
    }
    // A late mail was never started: its lease ends and any process may send it then.
    return false;
  }

  /**
   * The mails in the shared claim–run–mark loop: a claimed batch goes to the mail thread whole
   * (which sends `concurrency` at a time) while the next is claimed, so the thread keeps sending
   * while a claim or mark waits its turn behind the bookings' statements. A send may take up to its timeouts; one that could outlast the lease is not
   * started, so another process that claims it when the lease ends never sends it a second time.
   */
  const work = outboxWork<Claimed, Outcome>({
    db,
    clock,
    log: options.log,
    batch: claimBatch,
    // Up to two batches with the thread: one being sent, the next claimed meanwhile.
    concurrency: 2 * claimBatch,
    claimAhead: true,
    leaseMs,
    claim,
    run: async (mail) => {
      const startWithinMs = mail.leasedUntil.getTime() - sendBudgetMs - clock().getTime();
      if (startWithinMs <= 0) return { kind: "late" };
      const [outcome] = sender.send([{ id: mail.id, payload: mail.payload, startWithinMs }]);
      return outcome!;
    },
    marking: { mark },
    settle: () => marking,
    about: () => ({}),
    lost: "mail outcome lost",
  });

  const worker = startClaimWorker(work, {
    pollMs,
    wakeOn: options.workSignal && { signal: options.workSignal, tables: ["outbox:mail"] },
    onError(error) {
      options.log?.warn({ err: error }, "outbox pass failed");
    },
  });

  return {
    drain: worker.drain,
    async stop() {
      const stopped = worker.stop();
      // What the thread holds but has not started comes back (cancelled), released by mark.
      sender.cancelQueued();
      await stopped;
      await sender.close();
    },
  };
}
