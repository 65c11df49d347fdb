import { sql } from "drizzle-orm";
import type { HostPlan } from "../../core/booking/planBookingHosts";
import type { Tx } from "../db/database";
import { eventHosts, hostBusy } from "../db/schema";
import { sqlState } from "../plugins/errorHandler";
import { lockHosts } from "./hostLock";
import { slotTaken } from "./slotTaken";

const MINUTE_MS = 60_000;

/** The host_busy range of a meeting: the meeting plus the event type's buffers, half-open. */
export function busyRange(
  start: Date,
  end: Date,
  buffers: { bufferBefore: number; bufferAfter: number },
): string {
  const from = new Date(start.getTime() - buffers.bufferBefore * MINUTE_MS);
  const to = new Date(end.getTime() + buffers.bufferAfter * MINUTE_MS);
  return `[${from.toISOString()},${to.toISOString()})`;
}

/**
 * Takes the meeting's time for the hosts of `plan` in the caller's transaction and records them
 * as the event's hosts; returns the host ids taken. The required hosts go in one insert, whose
 * exclusion violation (another booking won the race) fails the whole booking. For each choice
 * (round robin, a FLEXI ANY group) the candidates are tried in order, each in a savepoint, so a
 * host who just lost a race is skipped for the next free one. Throws SLOT_NOT_AVAILABLE_ANYMORE
 * when a choice has no candidate left.
 */
export async function takeHostTime(
  tx: Tx,
  eventId: string,
  plan: HostPlan,
  during: string,
): Promise<string[]> {
  const taken = [...plan.required];
  await lockHosts(tx, plan.required);
  if (plan.required.length > 0) {
    await tx.insert(hostBusy).values(plan.required.map((hostId) => ({ hostId, eventId, during })));
  }
  for (const candidates of plan.choices) {
    let chosen: string | null = null;
    for (const hostId of candidates) {
      if (taken.includes(hostId)) continue;
      try {
        await tx.transaction(async (savepoint) => {
          await lockHosts(savepoint, [hostId]);
          await savepoint.insert(hostBusy).values({ hostId, eventId, during });
        });
        chosen = hostId;
        break;
      } catch (error) {
        if (sqlState(error) !== "23P01") throw error;
      }
    }
    if (chosen === null) throw slotTaken();
    taken.push(chosen);
  }
  await tx.insert(eventHosts).values(taken.map((userId) => ({ eventId, userId })));
  return taken;
}

/** Frees an event's time: its host_busy rows go. */
export async function releaseHostTime(tx: Tx, eventId: string): Promise<void> {
  await tx.execute(sql`delete from host_busy where event_id = ${eventId}`);
}
