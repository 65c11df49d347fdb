import { sql } from "drizzle-orm";
import type { Db } from "../db/database";
import { errorMessage } from "../loggerOptions";
import type { ClaimRunMark, Outcome } from "./claimWorker";
import { retryDelay } from "./retryDelay";

/** What every claimed outbox row has: its id, and its attempts counting the one being made. */
export interface OutboxRow {
  id: number;
  attempts: number;
}

/** One claimed outbox row and what it carries. */
export interface OutboxJob<P> extends OutboxRow {
  payload: P;
}

/** The kinds of work the outbox holds. */
export type OutboxKind = "mail" | "webhook" | "refund" | "calendar" | "workflow";

export interface WarnLog {
  warn(obj: object, msg: string): void;
}

export interface RetryPolicy {
  /** First retry delay; each further failure doubles it, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** After this many failed attempts a row is dead. */
  maxAttempts: number;
  /** A failure that a retry will not change: the row is dead at once. */
  permanent(error: unknown): boolean;
}

function idList(ids: number[]) {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

/** Claims the due pending rows of one `kind`, oldest first, leased until `leasedUntil`. */
export async function claimOutbox<P>(
  db: Db,
  kind: OutboxKind,
  limit: number,
  now: Date,
  leasedUntil: Date,
): Promise<OutboxJob<P>[]> {
  const claimed = await db.execute<{ id: string | number; payload: P; attempts: number }>(
    sql`update outbox
           set attempts = attempts + 1, next_attempt_at = ${leasedUntil}
         where id in (
           select id from outbox
            where kind = ${kind} and status = 'pending' and next_attempt_at <= ${now}
            order by next_attempt_at, id
            limit ${limit}
            for update skip locked)
        returning id, payload, attempts`,
  );
  return claimed.rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/**
 * Marks a row sent, or records its failure: pending again after retryDelay, or dead when the
 * failure is permanent or the attempts are spent. Resolves with whether it was sent and, when
 * not, whether it is dead.
 */
export async function markOutbox(
  db: Db,
  job: OutboxRow,
  outcome: Outcome<unknown>,
  now: Date,
  policy: RetryPolicy,
): Promise<{ sent: boolean; dead: boolean }> {
  if (outcome.ok) {
    await db.execute(
      sql`update outbox set status = 'sent', sent_at = ${now}, last_error = null
           where id = ${job.id}`,
    );
    return { sent: true, dead: false };
  }
  const dead = policy.permanent(outcome.error) || job.attempts >= policy.maxAttempts;
  const next = new Date(
    now.getTime() + retryDelay(job.attempts, policy.baseDelayMs, policy.maxDelayMs),
  );
  await db.execute(
    sql`update outbox set status = ${dead ? "dead" : "pending"}, next_attempt_at = ${next},
        last_error = ${errorMessage(outcome.error).slice(0, 1000)} where id = ${job.id}`,
  );
  return { sent: false, dead };
}

/** Gives claimed rows never started back: due now, their attempt not counted. */
export async function releaseOutbox(db: Db, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`update outbox set attempts = attempts - 1, next_attempt_at = ${now}
         where id in (${idList(ids)}) and status = 'pending'`,
  );
}

/** How a kind of outbox work warns of a job that was not done: retried, or dead. */
export interface NotDoneWarning<J> {
  log?: WarnLog | undefined;
  /** The job's own ids, beside its outbox id (a payment's, a meeting's). */
  about(job: J): object;
  notDone: string;
}

/**
 * Marks a job by `policy` (markOutbox) and warns when it was not done: retried, or dead.
 * Resolves with whether it was done.
 */
export async function markOutboxJob<J extends OutboxRow>(
  db: Db,
  job: J,
  outcome: Outcome<unknown>,
  now: Date,
  policy: RetryPolicy,
  warning: NotDoneWarning<J>,
): Promise<boolean> {
  const { sent, dead } = await markOutbox(db, job, outcome, now, policy);
  if (!outcome.ok) {
    warning.log?.warn(
      { outboxId: job.id, ...warning.about(job), attempts: job.attempts, dead, err: outcome.error },
      warning.notDone,
    );
  }
  return sent;
}

export interface OutboxWorkOptions<J extends OutboxRow, R>
  extends Pick<
    ClaimRunMark<J, R>,
    "claim" | "run" | "settle" | "batch" | "concurrency" | "claimAhead" | "leaseMs" | "clock"
  > {
  db: Db;
  log?: WarnLog | undefined;
  /** The job's own ids for the log, beside its outbox id (a payment's, a meeting's). */
  about(job: J): object;
  /**
   * How an outcome is recorded: by a retry policy (markOutbox, logging `notDone` when it was
   * not done), or by the kind's own mark when more goes with it (a delivery's log); true when
   * done.
   */
  marking:
    | { retry: RetryPolicy; notDone: string }
    | { mark(job: J, outcome: Outcome<R>): Promise<boolean> };
  /** Logged when a job's outcome could not be recorded: its lease brings it back. */
  lost: string;
}

/**
 * A kind of outbox work in the shared claim–run–mark shape: the kind claims and runs its jobs;
 * marking by its retry policy, giving back what was never started (releaseOutbox) and warning
 * of a job whose outcome could not be recorded are the same for all.
 */
export function outboxWork<J extends OutboxRow, R>(
  options: OutboxWorkOptions<J, R>,
): ClaimRunMark<J, R> {
  const { db, clock, marking, log, about } = options;
  return {
    clock,
    batch: options.batch,
    concurrency: options.concurrency,
    ...(options.claimAhead === undefined ? {} : { claimAhead: options.claimAhead }),
    ...(options.settle === undefined ? {} : { settle: options.settle }),
    leaseMs: options.leaseMs,
    claim: options.claim,
    run: options.run,
    mark:
      "mark" in marking
        ? marking.mark
        : (job, outcome) =>
            markOutboxJob(db, job, outcome, clock(), marking.retry, {
              log,
              about,
              notDone: marking.notDone,
            }),
    release: (jobs) =>
      releaseOutbox(
        db,
        jobs.map((job) => job.id),
        clock(),
      ),
    onLost(job, error) {
      log?.warn({ outboxId: job.id, ...about(job), err: error }, options.lost);
    },
  };
}
