import { and, eq, gt, isNotNull } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { outbox } from "../db/schema";
import type { ScheduledMail } from "./reminderMails";

/**
 * Writes reminders and follow-ups to the outbox in the caller's transaction, each due at its
 * time (`next_attempt_at`), linked to its meeting and attendee.
 */
export async function enqueueScheduledMails(
  db: Db | Tx,
  mails: readonly ScheduledMail[],
  now: Date,
): Promise<void> {
  if (mails.length === 0) return;
  await db.insert(outbox).values(
    mails.map((mail) => ({
      kind: "mail" as const,
      payload: mail.payload as unknown as Record<string, unknown>,
      nextAttemptAt: mail.dueAt,
      createdAt: now,
      eventId: mail.eventId,
      attendeeId: mail.attendeeId,
      purpose: mail.purpose,
    })),
  );
}

/**
 * Drops the reminders and follow-ups not yet sent of a meeting (every attendee's) or of one
 * attendee, in the caller's transaction: the meeting moved, was cancelled, or the seat left.
 * With `dueAfter`, only those due after it: the ones due already are out or going out.
 */
export async function dropScheduledMails(
  db: Db | Tx,
  about: { eventId: string } | { attendeeId: string },
  options: { dueAfter?: Date } = {},
): Promise<void> {
  await db
    .delete(outbox)
    .where(
      and(
        "eventId" in about
          ? eq(outbox.eventId, about.eventId)
          : eq(outbox.attendeeId, about.attendeeId),
        isNotNull(outbox.purpose),
        eq(outbox.status, "pending"),
        options.dueAfter ? gt(outbox.nextAttemptAt, options.dueAfter) : undefined,
      ),
    );
}
