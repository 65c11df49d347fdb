import { sql } from "drizzle-orm";
import type { Db } from "../db/database";
import { errorMessage } from "../loggerOptions";
import type { Outcome } from "./claimWorker";
import { retryDelay } from "./retryDelay";

/** One claimed outbox row: its attempts count the one being made. */
export interface OutboxJob<P> {
  id: number;
  payload: P;
  attempts: number;
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
  kind: "mail" | "webhook" | "refund" | "calendar",
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
export async function markOutbox<P>(
  db: Db,
  job: OutboxJob<P>,
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
