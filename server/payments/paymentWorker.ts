import { sql } from "drizzle-orm";
import { expiredHolds, paymentSettler, type RefundJob } from "../commands/paymentSettler";
import type { Database } from "../db/database";
import { errorMessage } from "../loggerOptions";
import { startPollingWorker } from "../workers/pollingWorker";
import { retryDelay } from "../workers/retryDelay";
import type { WorkSignal } from "../workers/workSignal";
import { GatewayError, type PaymentGateway } from "./paymentGateway";

export interface PaymentWorkContext {
  database: Database;
  gateway: PaymentGateway;
  publicUrl: string;
  /** Signs the answer links of paid booking requests (the session secret). */
  secret: string;
  clock: () => Date;
  log?: { warn(obj: object, msg: string): void } | undefined;
}

/** Holds looked at per pass, refunds claimed per pass. */
const BATCH = 50;
const REFUND_LEASE_MS = 120_000;
const REFUND_BASE_DELAY_MS = 30_000;
const REFUND_MAX_DELAY_MS = 3_600_000;
const REFUND_MAX_ATTEMPTS = 20;

/**
 * Frees the slots of paid bookings whose hold ended unpaid: each payment is cancelled at the
 * gateway first, so it cannot succeed afterwards; one that succeeded meanwhile confirms its
 * booking instead. A gateway that cannot be reached leaves the hold for the next pass.
 * Resolves with how many holds were settled.
 */
export async function sweepExpiredHolds(work: PaymentWorkContext): Promise<number> {
  const { db } = work.database;
  let settled = 0;
  for (const hold of await expiredHolds(db, work.clock(), BATCH)) {
    try {
      const payment = await work.gateway.cancelPayment(hold.gatewayId);
      const outcome = payment.state === "succeeded" ? "succeeded" : "expired";
      const context = { db, publicUrl: work.publicUrl, secret: work.secret, now: work.clock() };
      await paymentSettler(context, payment, outcome);
      settled += 1;
    } catch (error) {
      work.log?.warn({ paymentId: hold.id, err: error }, "expired hold not freed");
    }
  }
  return settled;
}

/**
 * Makes the outbox's refunds at the gateway: rows are claimed with FOR UPDATE SKIP LOCKED and
 * leased like mail, each refund asked with its own idempotency key (so a retry never refunds
 * twice); a gateway outage retries with backoff, a refusal that will not change goes dead and
 * is logged. Resolves with how many refunds were made.
 */
export async function makeDueRefunds(work: PaymentWorkContext): Promise<number> {
  const { db } = work.database;
  const now = work.clock();
  const claimed = await db.execute<{ id: string | number; payload: RefundJob; attempts: number }>(
    sql`update outbox
           set attempts = attempts + 1,
               next_attempt_at = ${new Date(now.getTime() + REFUND_LEASE_MS)}
         where id in (
           select id from outbox
            where kind = 'refund' and status = 'pending' and next_attempt_at <= ${now}
            order by next_attempt_at, id
            limit ${BATCH}
            for update skip locked)
        returning id, payload, attempts`,
  );
  let made = 0;
  for (const row of claimed.rows) {
    const job = row.payload;
    try {
      await work.gateway.refundPayment(job.gatewayId, job.amount, job.key);
      await db.execute(
        sql`update outbox set status = 'sent', sent_at = ${work.clock()}, last_error = null
             where id = ${row.id}`,
      );
      made += 1;
    } catch (error) {
      const retryable = !(error instanceof GatewayError) || error.retryable;
      const dead = !retryable || row.attempts >= REFUND_MAX_ATTEMPTS;
      const next = new Date(
        work.clock().getTime() +
          retryDelay(row.attempts, REFUND_BASE_DELAY_MS, REFUND_MAX_DELAY_MS),
      );
      work.log?.warn(
        { outboxId: row.id, paymentId: job.paymentId, dead, err: error },
        "refund not made",
      );
      await db.execute(
        sql`update outbox set status = ${dead ? "dead" : "pending"}, next_attempt_at = ${next},
            last_error = ${errorMessage(error).slice(0, 1000)} where id = ${row.id}`,
      );
    }
  }
  return made;
}

export interface PaymentWorker {
  /** One pass now: expired holds, then due refunds. */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

/** Runs the sweeper and the refunds `pollMs` after each pass, beside the outbox's mail worker. */
export function startPaymentWorker(
  work: PaymentWorkContext & { pollMs?: number; workSignal?: WorkSignal },
): PaymentWorker {
  const worker = startPollingWorker({
    pollMs: work.pollMs ?? 15_000,
    // Refunds go at once; holds expire by time, which the poll sees.
    wakeOn: work.workSignal && { signal: work.workSignal, tables: ["outbox"] },
    async tick() {
      await sweepExpiredHolds(work);
      await makeDueRefunds(work);
    },
    onError(error) {
      work.log?.warn({ err: error }, "payment pass failed");
    },
  });
  return { drain: worker.run, stop: worker.stop };
}
