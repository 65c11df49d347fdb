import { and, inArray, isNull, sql } from "drizzle-orm";
import type { BookingChangeRow } from "../booking/bookingChange";
import type { Db, Tx } from "../db/database";
import { bookingChanges } from "../db/schema";
import type { ChangeContext, ChangeProcessor } from "./changeContext";
import { type EffectSink, GatheredEffects, immediateSink } from "./effectSink";
import { batchReader, databaseReader, type MeetingReader } from "./meetingReader";
import { bookingFactsProcessor } from "./processors/bookingFacts";
import { calendarProcessor } from "./processors/calendars";
import { mailProcessor } from "./processors/mails";
import { meetingLinkProcessor } from "./processors/meetingLinks";
import { refundProcessor } from "./processors/refunds";
import { webhookProcessor } from "./processors/webhooks";
import { workflowProcessor } from "./processors/workflows";

/**
 * In this order: a meeting link that went with a host is gone before anything tells of it, a
 * refund is told in the mails, a host's mail says what their calendar holds, and the insights'
 * facts count what the refunds left.
 */
const PROCESSORS: readonly ChangeProcessor[] = [
  meetingLinkProcessor,
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
 * The kinds whose processors only read and derive rows (mails, workflow sends, calendar jobs,
 * webhook deliveries): their rows are gathered and written for the whole batch at once. The
 * others also change rows of their own as they go (drop scheduled mails, refund payments) and
 * are derived one by one, each in a savepoint.
 */
const GATHERED_KINDS: ReadonlySet<BookingChangeRow["kind"]> = new Set([
  "created",
  "approved",
  "paid",
  "payment_failed",
  "no_show",
  "no_show_undone",
]);

/**
 * Derives the effects of every booking change not processed yet, a batch per transaction: the
 * change rows are claimed (FOR UPDATE SKIP LOCKED, so another process takes the next ones), what
 * they concern is read at once (batchReader: a statement per table, not per change), and their
 * processors derive the rows to write; those of the gathered kinds are written together, a
 * statement per table (GatheredEffects), the others each in a savepoint of its own as they are
 * derived. The derived changes are marked processed and all is committed together, so a
 * batch costs about as many statements for twenty bookings as for two. A process dying mid-way
 * rolls the batch back, to be derived again: nothing is derived twice. A change waits while an
 * earlier one of the same meeting is unprocessed (another process has it, or it failed), so a
 * meeting's effects follow its changes in order and a batch never holds two changes of one
 * meeting. A change whose processors throw writes nothing, is skipped for this pass (`onError`)
 * and tried again at the next; should the gathered rows fail to write, they are rolled back and
 * each of their changes is derived alone, so one bad change never holds back the others.
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
      const read = changes.length === 0 ? databaseReader(tx) : await batchReader(tx, changes);
      const gathered = new GatheredEffects();
      const gatheredChanges: BookingChangeRow[] = [];
      for (const change of changes) {
        try {
          if (GATHERED_KINDS.has(change.kind)) {
            const own = new GatheredEffects();
            await derive(tx, change, settings, read, own);
            gathered.add(own);
            gatheredChanges.push(change);
          } else {
            await tx.transaction((savepoint) =>
              derive(savepoint, change, settings, read, immediateSink(savepoint)),
            );
          }
          done.push(change.id);
        } catch (error) {
          errors.push([change, error]);
        }
      }
      try {
        if (!gathered.empty) {
          await tx.transaction((savepoint) => gathered.write(savepoint, announcedMeeting(read)));
        }
      } catch {
        // Written one by one instead, each change in its savepoint: the one at fault fails alone.
        for (const change of gatheredChanges) {
          try {
            await tx.transaction((savepoint) => deriveEffects(savepoint, change, settings));
          } catch (error) {
            done.splice(done.indexOf(change.id), 1);
            errors.push([change, error]);
          }
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

/** A meeting as a webhook announces it, from the batch's read. */
function announcedMeeting(read: MeetingReader) {
  return async (eventId: string) => {
    const event = await read.event(eventId);
    const type = event === null ? null : await read.eventType(event.eventTypeId);
    if (event === null || type === null) return null;
    return {
      event,
      type,
      hosts: await read.eventHosts(eventId),
      attendees: await read.attendeesOf(eventId),
    };
  };
}

const notFailed = (failed: readonly number[]) =>
  failed.length === 0 ? sql`true` : sql`id <> all(${`{${failed.join(",")}}`}::bigint[])`;

/** The oldest unprocessed changes no other process holds, each with none before it of its meeting. */
async function claimBatch(tx: Tx, failed: readonly number[]): Promise<BookingChangeRow[]> {
  // One statement: the rows are read as they are locked.
  return tx
    .select()
    .from(bookingChanges)
    .where(
      and(
        isNull(bookingChanges.processedAt),
        notFailed(failed),
        sql`not exists (select 1 from booking_changes p
                         where p.event_id = ${bookingChanges.eventId} and p.id < ${bookingChanges.id}
                           and p.processed_at is null)`,
      ),
    )
    .orderBy(bookingChanges.id)
    .limit(CLAIM_BATCH)
    .for("update", { skipLocked: true });
}

/** Runs every processor of one change in the caller's transaction, writing its rows at once. */
export function deriveEffects(
  tx: Tx,
  change: BookingChangeRow,
  settings: Omit<ChangeSettings, "clock">,
): Promise<void> {
  return derive(tx, change, settings, databaseReader(tx), immediateSink(tx));
}

/** Runs every processor of one change, reading through `read` and writing to `out`. */
async function derive(
  tx: Tx,
  change: BookingChangeRow,
  settings: Omit<ChangeSettings, "clock">,
  read: MeetingReader,
  out: EffectSink,
): Promise<void> {
  const event = await read.event(change.eventId);
  const context: ChangeContext = {
    tx,
    change,
    now: change.createdAt,
    publicUrl: settings.publicUrl,
    secret: settings.secret,
    eventType: event === null ? null : await read.eventType(event.eventTypeId),
    read,
    out,
    effects: { payments: new Map(), hostMails: [] },
  };
  for (const processor of PROCESSORS) await processor(context);
}
