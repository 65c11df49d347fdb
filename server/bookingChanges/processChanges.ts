import { eq, sql } from "drizzle-orm";
import type { BookingChangeRow, ChangeContext, ChangeProcessor } from "../booking/bookingChange";
import { findEventType } from "../data/eventTypes";
import type { Db, Tx } from "../db/database";
import { bookingChanges } from "../db/schema";
import { calendarProcessor } from "./processors/calendars";
import { mailProcessor } from "./processors/mails";
import { refundProcessor } from "./processors/refunds";
import { reminderProcessor } from "./processors/reminders";
import { webhookProcessor } from "./processors/webhooks";

/** In this order: a refund is told in the mails, a host's mail says what their calendar holds. */
const PROCESSORS: readonly ChangeProcessor[] = [
  refundProcessor,
  mailProcessor,
  reminderProcessor,
  webhookProcessor,
  calendarProcessor,
];

export interface ChangeSettings {
  publicUrl: string;
  secret: string;
  clock: () => Date;
}

/**
 * Derives the effects of every booking change not processed yet, one change per transaction:
 * the change row is claimed (FOR UPDATE SKIP LOCKED, so another process takes the next one),
 * every processor writes its rows, and processed_at is set, all committed together. A process
 * dying mid-way rolls the whole change back, to be derived again: nothing is derived twice.
 * A change waits while an earlier one of the same meeting is unprocessed (another process has
 * it), so a meeting's effects follow its changes in order. A change whose processors throw is
 * skipped for this pass (`onError`) and tried again at the next. Returns how many were processed.
 */
export async function processChanges(
  db: Db,
  settings: ChangeSettings,
  onError: (change: BookingChangeRow, error: unknown) => void = () => {},
): Promise<number> {
  const failed: number[] = [];
  let processed = 0;
  for (;;) {
    let current: BookingChangeRow | null = null;
    try {
      current = await db.transaction(async (tx) => {
        const change = await claimNext(tx, failed);
        if (change === null) return null;
        current = change;
        await deriveEffects(tx, change, settings);
        await tx
          .update(bookingChanges)
          .set({ processedAt: settings.clock() })
          .where(eq(bookingChanges.id, change.id));
        return change;
      });
    } catch (error) {
      if (current === null) throw error;
      failed.push((current as BookingChangeRow).id);
      onError(current, error);
      continue;
    }
    if (current === null) return processed;
    processed += 1;
  }
}

const notFailed = (failed: readonly number[]) =>
  failed.length === 0 ? sql`true` : sql`id <> all(${`{${failed.join(",")}}`}::bigint[])`;

/** The oldest unprocessed change no other process holds, and none before it of its meeting. */
async function claimNext(tx: Tx, failed: readonly number[]): Promise<BookingChangeRow | null> {
  const result = await tx.execute<Record<string, unknown>>(sql`
    select id from booking_changes c
     where c.processed_at is null and ${notFailed(failed)}
       and not exists (select 1 from booking_changes p
                        where p.event_id = c.event_id and p.id < c.id and p.processed_at is null)
     order by c.id
     limit 1
     for update skip locked`);
  const id = result.rows[0]?.id;
  if (id === undefined) return null;
  const [row] = await tx
    .select()
    .from(bookingChanges)
    .where(eq(bookingChanges.id, Number(id)));
  return row ?? null;
}

/** Runs every processor of one change in the caller's transaction. */
export async function deriveEffects(
  tx: Tx,
  change: BookingChangeRow,
  settings: Omit<ChangeSettings, "clock">,
): Promise<void> {
  const context: ChangeContext = {
    tx,
    change,
    now: change.createdAt,
    publicUrl: settings.publicUrl,
    secret: settings.secret,
    eventType: await eventTypeOfChange(tx, change.eventId),
    effects: { payments: new Map(), hostMails: [], removals: [] },
  };
  for (const processor of PROCESSORS) await processor(context);
}

async function eventTypeOfChange(tx: Tx, eventId: string) {
  const [row] = await tx
    .execute<{ event_type_id: string }>(sql`select event_type_id from events where id = ${eventId}`)
    .then((r) => r.rows);
  return row === undefined ? null : findEventType(tx, row.event_type_id);
}
