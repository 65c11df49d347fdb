import { and, eq, sql } from "drizzle-orm";
import type { PaymentRow } from "../data/payments";
import type { Db } from "../db/database";
import { payments } from "../db/schema";

/** Pending payments whose hold ended, oldest first (for the sweeper). */
export async function expiredHolds(db: Db, now: Date, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.status, "PENDING"), sql`${payments.expiresAt} <= ${now}`))
    .orderBy(payments.expiresAt)
    .limit(limit);
}
