import { desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { payments } from "../db/schema";

export type PaymentRow = typeof payments.$inferSelect;

/** The payment the gateway knows as `gatewayId`, or null. */
export async function findPaymentByGatewayId(
  db: Db | Tx,
  gatewayId: string,
): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.gatewayId, gatewayId)).limit(1);
  return row ?? null;
}

/** The payment `id`, or null. */
export async function findPayment(db: Db | Tx, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row ?? null;
}

/** The newest payment of attendee `attendeeId`, or null. */
export async function findPaymentOfAttendee(
  db: Db | Tx,
  attendeeId: string,
): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.attendeeId, attendeeId))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row ?? null;
}
