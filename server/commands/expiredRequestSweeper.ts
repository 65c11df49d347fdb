import { sql } from "drizzle-orm";
import type { EventRow } from "../data/bookings";
import type { Db } from "../db/database";
import { events } from "../db/schema";
import { refuseRequest } from "./bookingApprover";

/**
 * Expires the booking requests nobody answered before their deadline (the start, or the event
 * type's approvalDeadline minutes before it): each is cancelled, its time
 * freed and its change (expired) recorded, which tells its invitee, one transaction per request (rows another process is expiring are
 * skipped). Returns how many expired. Throws what the database throws.
 */
export async function expiredRequestSweeper(
  db: Db,
  context: { publicUrl: string; now: Date },
  batch = 50,
): Promise<number> {
  let expired = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(events)
        .where(
          sql`${events.status} = 'PENDING_APPROVAL' and ${events.startAt} <= ${context.now}::timestamptz
            + make_interval(mins => (select t.approval_deadline from event_types t
              where t.id = ${events.eventTypeId}))`,
        )
        .limit(batch)
        .for("update", { skipLocked: true });
      for (const row of rows as EventRow[]) {
        await refuseRequest(tx, context.now, row, "", { expired: true });
      }
      return rows.length;
    });
    expired += done;
    if (done < batch) return expired;
  }
}
