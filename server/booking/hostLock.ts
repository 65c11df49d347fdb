import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/database";

// Fixed numbers: the advisory-lock namespaces of "a host's busy time is being written" and of
// "a host's slot at one start is being booked". The database's bump_host_time (migration
// 0040_host_lock_first) takes the host lock under the same number before it touches a host's
// time versions, so every writer of a host's time takes the lock before any of their rows.
const HOST_LOCK_NAMESPACE = 727_002;
const SLOT_LOCK_NAMESPACE = 727_003;

/**
 * SQL taking the transaction-scoped advisory lock of the host `hostId` (an SQL uuid), waiting.
 *
 * Why: two transactions inserting conflicting host_busy rows at once each find the other's
 * uncommitted row during the exclusion check and wait for each other, a deadlock PostgreSQL only
 * breaks after deadlock_timeout (1 s): a race for one slot stalled for seconds. With the lock,
 * writers for one host take turns, and each finds the others' committed rows at once (23P01).
 * The exclusion constraint remains the guard; the lock only orders the writers.
 */
export function hostLockSql(hostId: SQL): SQL {
  return sql`pg_advisory_xact_lock(${HOST_LOCK_NAMESPACE}, hashtext(${hostId}::text))`;
}

/**
 * SQL that is true when no one else is booking the host `hostId` at exactly `start` right now
 * (it then holds that claim until its transaction ends). Why: a hundred racers for one slot
 * would otherwise queue on the host lock one by one, each only to fail the exclusion check; the
 * ones that find the slot claimed give up at once instead. Never waits, so never deadlocks.
 */
export function slotClaimSql(hostId: SQL, start: Date): SQL {
  return sql`pg_try_advisory_xact_lock(${SLOT_LOCK_NAMESPACE}, hashtext(${hostId}::text || ${start.toISOString()}))`;
}

/** Takes the locks of `hostIds` in the caller's transaction, in id order (so never a deadlock). */
export async function lockHosts(tx: Tx, hostIds: readonly string[]): Promise<void> {
  if (hostIds.length === 0) return;
  const ids = `{${[...hostIds].sort().join(",")}}`;
  await tx.execute(
    sql`select ${hostLockSql(sql`host`)} from unnest(${ids}::uuid[]) as host order by host`,
  );
}
