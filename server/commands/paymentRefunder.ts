import { and, eq, inArray, sql } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { type RefundedData, recordChange } from "../booking/bookingChange";
import { bookingNotFound, eventTypeOf } from "../booking/cancelEvent";
import { findEvent } from "../data/bookings";
import type { Db } from "../db/database";
import { payments } from "../db/schema";
import { assertCanManageEvent } from "../policies/bookings";

/**
 * A host refunds a paid booking from its details: what is still paid of each attendee's
 * payment goes back in full; its change (refunded) queues each refund (the payment worker
 * makes it with Stripe, retrying) and tells each payer by mail. The booking itself stays as it is. Throws NOT_FOUND (not theirs), CONFLICT when
 * nothing is left to refund.
 */
export async function paymentRefunder(
  db: Db,
  userId: string,
  eventId: string,
  now: Date,
): Promise<{ amount: number; currency: string }[]> {
  const event = await findEvent(db, eventId);
  if (!event) throw bookingNotFound();
  const type = await eventTypeOf(db, event);
  await assertCanManageEvent(db, userId, event.id, type);
  return db.transaction(async (tx) => {
    const paid = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.eventId, event.id), inArray(payments.status, ["PAID", "REFUNDED"])))
      .for("update");
    const refunded: { amount: number; currency: string }[] = [];
    const refunds: RefundedData["refunds"] = [];
    for (const row of paid) {
      const left = row.amount - row.refundedAmount;
      if (left <= 0) continue;
      await tx
        .update(payments)
        .set({
          status: "REFUNDED",
          refundedAmount: sql`${payments.refundedAmount} + ${left}`,
          updatedAt: now,
        })
        .where(eq(payments.id, row.id));
      refunded.push({ amount: left, currency: row.currency });
      refunds.push({
        paymentId: row.id,
        gatewayId: row.gatewayId,
        amount: left,
        key: `host-${row.id}-${row.refundedAmount}`,
        currency: row.currency,
        payer: { email: row.payerEmail, name: row.payerName, language: row.payerLanguage },
      });
    }
    if (refunded.length === 0) {
      throw new DomainError("CONFLICT", message("payment.nothingToRefund"));
    }
    await recordChange(
      tx,
      {
        kind: "refunded",
        eventId: event.id,
        actor: userId,
        data: { reason: "host", refunds } satisfies RefundedData,
      },
      now,
    );
    return refunded;
  });
}
