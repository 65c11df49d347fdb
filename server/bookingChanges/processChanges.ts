import { inArray, sql } from "drizzle-orm";
import type { BookingChangeRow, ChangeContext, ChangeProcessor } from "../booking/bookingChange";
import { findEventType } from "../data/eventTypes";
import type { Db, Tx } from "../db/database";
import { bookingChanges } from "../db/schema";
import { bookingFactsProcessor } from "./processors/bookingFacts";
import { calendarProcessor } from "./processors/calendars";
import { mailProcessor } from "./processors/mails";
import { refundProcessor } from "./processors/refunds";
import { webhookProcessor } from "./processors/webhooks";
import { workflowProcessor } from "./processors/workflows";

/**
 * In this order: a refund is told in the mails, a host's mail says what their calendar holds,
 * and the insights' facts count what the refunds left.
 */
const PROCESSORS: readonly ChangeProcessor[] = [
  refundProcessor,
  mailProcessor,
  workflowProcessor,
  webhookProcessor,
  calendarProcessor,
  bookingFactsProcessor,
];

export interface ChangeSettings {
  publicUrl: string;
  secret: string;
  clock: () => Date;
}

/** Changes claimed per transaction: one commit and one claim query for many. */
const CLAIM_BATCH = 25;

/**
 * Derives the effects of every booking change not processed yet, a batch per transaction: the
 * change rows are claimed (FOR UPDATE SKIP LOCKED, so another process takes the next ones), and
 * for each, in a savepoint of its own, every processor writes its rows; the derived ones are
 * marked processed and all is committed together. A process dying mid-way rolls the batch back, to be derived again:
 * nothing is derived twice. A change waits while an earlier one of the same meeting is
 * unprocessed (another process has it, or it failed), so a meeting's effects follow its changes
 * in order and a batch never holds two changes of one meeting. A change whose processors throw
 * is rolled back to its savepoint, skipped for this pass (`onError`) and tried again at the next.
 * Returns how many were processed.
 */
export async function processChanges(
  db: Db,
  settings: ChangeSettings,
  onError: (change: BookingChangeRow, error: unknown) => void = () => {},
): Promise<number> {
  const failed: number[] = [];
  let processed = 0;
  for (;;) {
    const pass = await db.transaction(async (tx) => {
      const changes = await claimBatch(tx, failed);
      const errors: [BookingChangeRow, unknown][] = [];
      const done: number[] = [];
      for (const change of changes) {
        try {
          await tx.transaction((savepoint) => deriveEffects(savepoint, change, settings));
          done.push(change.id);
        } catch (error) {
          errors.push([change, error]);
        }
      }
      if (done.length > 0) {
        await tx
          .update(bookingChanges)
          .set({ processedAt: settings.clock() })
          .where(inArray(bookingChanges.id, done));
      }
      return { claimed: changes.length, done: done.length, errors };
    });
    for (const [change, error] of pass.errors) {
      failed.push(change.id);
      onError(change, error);
    }
    processed += pass.done;
    if (pass.claimed === 0) return processed;
  }
}

const notFailed = (failed: readonly number[]) =>
  failed.length === 0 ? sql`true` : sql`id <> all(${`{${failed.join(",")}}`}::bigint[])`;

/** The oldest unprocessed changes no other process holds, each with none before it of its meeting. */
async function claimBatch(tx: Tx, failed: readonly number[]): Promise<BookingChangeRow[]> {
  const result = await tx.execute<Record<string, unknown>>(sql`
    select id from booking_changes c
     where c.processed_at is null and ${notFailed(failed)}
       and not exists (select 1 from booking_changes p
                        where p.event_id = c.event_id and p.id < c.id and p.processed_at is null)
     order by c.id
     limit ${CLAIM_BATCH}
     for update skip locked`);
  const ids = result.rows.map((row) => Number(row.id));
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(bookingChanges)
    .where(inArray(bookingChanges.id, ids))
    .orderBy(bookingChanges.id);
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
    effects: { payments: new Map(), hostMails: [] },
  };
  for (const processor of PROCESSORS) await processor(context);
}

async function eventTypeOfChange(tx: Tx, eventId: string) {
  const [row] = await tx
    .execute<{ event_type_id: string }>(sql`select event_type_id from events where id = ${eventId}`)
    .then((r) => r.rows);
  return row === undefined ? null : findEventType(tx, row.event_type_id);
}
