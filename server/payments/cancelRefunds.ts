import { and, eq, inArray, sql } from "drizzle-orm";
import type { RefundPolicy } from "../../core/eventTypes/eventTypeSchema";
import { refundOnCancel } from "../../core/payments/refundOnCancel";
import type { Db, Tx } from "../db/database";
import { payments } from "../db/schema";
import type { PaymentMailData } from "../mail/mailTypes";
import { enqueueRefund } from "./refundQueue";

interface Policy {
  refundPolicy: RefundPolicy;
  refundHours: number | null;
}

/**
 * The payments of cancelled attendees, in the cancellation's transaction: a paid one is refunded
 * by `refundOnCancel` (the refund queued in the outbox, made by the payment worker); one still
 * pending is cancelled, so a late success is refunded rather than booked. Returns what each
 * attendee's mails say about their payment.
 */
export async function refundCancelled(
  tx: Tx,
  attendeeIds: readonly string[],
  cancelled: { policy: Policy; start: Date; by: "invitee" | "host" },
  now: Date,
): Promise<Map<string, PaymentMailData>> {
  const said = new Map<string, PaymentMailData>();
  if (attendeeIds.length === 0) return said;
  const rows = await tx
    .select()
    .from(payments)
    .where(inArray(payments.attendeeId, [...attendeeIds]))
    .for("update");
  for (const row of rows) {
    if (row.status === "PENDING") {
      await tx
        .update(payments)
        .set({ status: "CANCELLED", updatedAt: now })
        .where(eq(payments.id, row.id));
      continue;
    }
    if (row.status !== "PAID" && row.status !== "REFUNDED") continue;
    const refund = refundOnCancel(
      cancelled.policy,
      row.amount - row.refundedAmount,
      cancelled.start,
      now,
      cancelled.by,
    );
    if (refund > 0) {
      await tx
        .update(payments)
        .set({
          status: "REFUNDED",
          refundedAmount: sql`${payments.refundedAmount} + ${refund}`,
          updatedAt: now,
        })
        .where(eq(payments.id, row.id));
      await enqueueRefund(
        tx,
        { paymentId: row.id, gatewayId: row.gatewayId, amount: refund, key: `cancel-${row.id}` },
        now,
      );
    }
    said.set(row.attendeeId!, { amount: row.amount, currency: row.currency, refunded: refund });
  }
  return said;
}

/**
 * An attendee's paid payment: what cancelling now would refund, for the cancel page to say
 * beforehand, and what was refunded already (or is queued to be), for the page of a cancelled
 * booking to say after.
 */
export async function refundPreview(
  db: Db,
  attendeeId: string,
  cancelled: { policy: Policy; start: Date; by: "invitee" | "host" },
  now: Date,
): Promise<{ amount: number; currency: string; refund: number; refunded: number } | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(eq(payments.attendeeId, attendeeId), inArray(payments.status, ["PAID", "REFUNDED"])),
    );
  if (!row) return null;
  const refund = refundOnCancel(
    cancelled.policy,
    row.amount - row.refundedAmount,
    cancelled.start,
    now,
    cancelled.by,
  );
  return { amount: row.amount, currency: row.currency, refund, refunded: row.refundedAmount };
}
