import type { Tx } from "../db/database";
import { outbox } from "../db/schema";

/** A refund for the outbox's refund worker: the gateway is asked with `key` until it agrees. */
export interface RefundJob {
  paymentId: string;
  gatewayId: string;
  amount: number;
  /** The gateway's idempotency key: a retried refund is made once. */
  key: string;
}

/** Queues a refund in the caller's transaction; the refund worker makes it, retrying. */
export async function enqueueRefund(tx: Tx, job: RefundJob, now: Date): Promise<void> {
  await tx.insert(outbox).values({
    kind: "refund",
    payload: job as unknown as Record<string, unknown>,
    nextAttemptAt: now,
    createdAt: now,
  });
}
