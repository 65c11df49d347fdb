import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/database";

/**
 * SQL true when one of `hosts` (a uuid[] expression) has busy time from their calendars
 * (calendar_busy) overlapping `during` (a tstzrange text): the booking write's own look at what
 * the timetable showed, in the write's statement or transaction.
 */
export function calendarBusySql(hosts: SQL, during: string): SQL {
  return sql`exists (select 1 from calendar_busy cb
    where cb.user_id = any(${hosts}) and cb.during && ${during}::tstzrange)`;
}

/** Whether any of `hostIds` is busy in their calendars over `during`; in the caller's transaction. */
export async function calendarBusy(
  tx: Tx,
  hostIds: readonly string[],
  during: string,
): Promise<boolean> {
  if (hostIds.length === 0) return false;
  const result = await tx.execute<{ busy: boolean }>(
    sql`select ${calendarBusySql(sql`${`{${hostIds.join(",")}}`}::uuid[]`, during)} as busy`,
  );
  return result.rows[0]?.busy === true;
}
