import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/database";
import { calendarConnections } from "../db/schema";

/**
 * What Google's watch channels and Microsoft's Graph subscriptions share: a push is renewed by
 * the first sync within a day of its end, and a genuine notification makes its connection due
 * at once (the calendar worker wakes on the change and reads the calendar; the periodic sync
 * stays the safety net when a push is lost).
 */
export const PUSH_RENEW_BEFORE_MS = 86_400_000;

/** Whether a push ending at `expiresAt` is to be renewed (or made) now. */
export function pushNeedsRenewal(expiresAt: Date | undefined, now: Date): boolean {
  return expiresAt === undefined || expiresAt.getTime() - now.getTime() <= PUSH_RENEW_BEFORE_MS;
}

/**
 * Makes the connection due now, unless it already is: two processes receiving the same push
 * (a provider retrying, a load balancer) leave one due row, which one worker claims.
 */
export async function makeConnectionDue(db: Db, connectionId: string, now: Date): Promise<void> {
  await db
    .update(calendarConnections)
    .set({ nextSyncAt: now })
    .where(
      and(
        eq(calendarConnections.id, connectionId),
        sql`${calendarConnections.nextSyncAt} > ${now}`,
      ),
    );
}

/** The connection's row as stored now: a sync may just have refreshed and sealed its tokens. */
export async function freshConnection(
  db: Db,
  connectionId: string,
): Promise<typeof calendarConnections.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(calendarConnections)
    .where(eq(calendarConnections.id, connectionId));
  return row;
}
