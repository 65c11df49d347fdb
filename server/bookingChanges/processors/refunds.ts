import type { CancelledBefore, CancelledData, RefundedData } from "../../booking/bookingChange";
import { refundCancelled } from "../../payments/cancelRefunds";
import { enqueueRefund } from "../../payments/refundQueue";
import type { ChangeProcessor } from "../changeContext";

/**
 * The refunds a cancellation makes by the event type's policy (a refused request's: in full) (queued for the payment worker);
 * what each attendee's payment refunds is left for their mails.
 */
export const refundProcessor: ChangeProcessor = async (context) => {
  if (context.change.kind === "refunded") {
    for (const refund of (context.change.data as unknown as RefundedData).refunds) {
      await enqueueRefund(context.tx, refund, context.now);
    }
    return;
  }
  const { kind } = context.change;
  const refused = kind === "declined" || kind === "expired";
  if ((kind !== "cancelled" && !refused) || context.eventType === null) return;
  const data = context.change.data as unknown as CancelledData;
  const before = context.change.before as unknown as CancelledBefore;
  if (data.refundBy === undefined) return;
  context.effects.payments = await refundCancelled(
    context.tx,
    data.attendeeIds,
    {
      // A paid request refused goes back in full, whatever the policy.
      policy: refused ? { refundPolicy: "FULL", refundHours: null } : context.eventType,
      start: new Date(before.startAt),
      by: data.refundBy,
    },
    context.now,
  );
};
