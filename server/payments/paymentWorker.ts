import { paymentSettler } from "../commands/paymentSettler";
import type { Database } from "../db/database";
import { type ClaimRunMark, claimRunMark } from "../workers/claimWorker";
import { claimOutbox, type OutboxJob, outboxWork, type RetryPolicy } from "../workers/outboxJobs";
import { startPollingWorker } from "../workers/pollingWorker";
import type { WorkSignal } from "../workers/workSignal";
import { GatewayError, type PaymentGateway } from "./paymentGateway";
import { expiredHolds } from "./paymentHolds";
import type { RefundJob } from "./refundQueue";

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
const REFUND_RETRY: RetryPolicy = {
  baseDelayMs: 30_000,
  maxDelayMs: 3_600_000,
  maxAttempts: 20,
  permanent: (error) => error instanceof GatewayError && !error.retryable,
};

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

/** Refunds claimed like mail, one at a time: each is one gateway call. */
function refundWork(work: PaymentWorkContext): ClaimRunMark<OutboxJob<RefundJob>, unknown> {
  const { db } = work.database;
  return outboxWork({
    db,
    clock: work.clock,
    log: work.log,
    batch: BATCH,
    concurrency: 1,
    leaseMs: REFUND_LEASE_MS,
    claim: (limit, now, leasedUntil) => claimOutbox(db, "refund", limit, now, leasedUntil),
    run: ({ payload: job }) => work.gateway.refundPayment(job.gatewayId, job.amount, job.key),
    marking: { retry: REFUND_RETRY, notDone: "refund not made" },
    about: (row) => ({ paymentId: row.payload.paymentId }),
    lost: "refund outcome lost",
  });
}

/**
 * Makes the outbox's due refunds at the gateway: rows are claimed with FOR UPDATE SKIP LOCKED and
 * leased like mail, each refund asked with its own idempotency key (so a retry never refunds
 * twice); a gateway outage retries with backoff, a refusal that will not change goes dead and
 * is logged. Resolves with how many refunds were made.
 */
export function makeDueRefunds(work: PaymentWorkContext, signal?: AbortSignal): Promise<number> {
  return claimRunMark(refundWork(work), signal);
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
    wakeOn: work.workSignal && { signal: work.workSignal, tables: ["outbox:refund"] },
    async tick(signal) {
      await sweepExpiredHolds(work);
      await makeDueRefunds(work, signal);
    },
    onError(error) {
      work.log?.warn({ err: error }, "payment pass failed");
    },
  });
  return { drain: worker.run, stop: worker.stop };
}
