import { and, eq, inArray, sql } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { bookingNotFound, eventTypeOf } from "../booking/cancelEvent";
import { findEvent } from "../data/bookings";
import type { Db } from "../db/database";
import { payments } from "../db/schema";
import type { MailPayload } from "../mail/mailTypes";
import { enqueueMails } from "../mail/outbox";
import { enqueueRefund } from "../payments/refundQueue";
import { assertCanManageEvent } from "../policies/bookings";

/**
 * A host refunds a paid booking from its details: what is still paid of each attendee's
 * payment goes back in full, queued in the outbox (the payment worker makes it with Stripe,
 * retrying), and each payer is told by mail. The booking itself stays as it is. Throws NOT_FOUND (not theirs), CONFLICT when
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
    const mails: MailPayload[] = [];
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
      await enqueueRefund(
        tx,
        {
          paymentId: row.id,
          gatewayId: row.gatewayId,
          amount: left,
          key: `host-${row.id}-${row.refundedAmount}`,
        },
        now,
      );
      refunded.push({ amount: left, currency: row.currency });
      mails.push({
        template: "paymentRefunded",
        to: { email: row.payerEmail, name: row.payerName },
        language: row.payerLanguage,
        data: {
          name: row.payerName,
          title: event.title,
          amount: left,
          currency: row.currency,
          reason: "host",
        },
      });
    }
    if (refunded.length === 0) {
      throw new DomainError("CONFLICT", message("payment.nothingToRefund"));
    }
    await enqueueMails(tx, mails, now);
    return refunded;
  });
}
