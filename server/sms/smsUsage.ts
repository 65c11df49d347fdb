import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { smsUsage } from "../db/schema";

/** The instance's own row; a host's is keyed `host:{userId}`. */
const INSTANCE = "instance";
const hostScope = (userId: string) => `host:${userId}`;

/** The calendar month (UTC) `now` falls in, as "2027-06": limits restart on the 1st at 00:00 UTC. */
export function smsMonth(now: Date): string {
  return now.toISOString().slice(0, 7);
}

export interface SmsLimits {
  /** Segments per host per month; 0 is no limit. */
  perHostMonth: number;
  /** Segments for the whole instance per month; 0 is no limit. */
  perInstanceMonth: number;
}

/**
 * Adds `segments` to one scope's month unless that passes `limit` (0: none); true when added.
 * One upsert whose update is conditional, so processes racing for the last segments cannot
 * both get them: the row lock makes the second see the first's count.
 */
async function take(tx: Tx, scope: string, month: string, segments: number, limit: number) {
  if (limit > 0 && segments > limit) return false;
  const rows = await tx
    .insert(smsUsage)
    .values({ scope, month, segments, messages: 1 })
    .onConflictDoUpdate({
      target: [smsUsage.scope, smsUsage.month],
      set: {
        segments: sql`${smsUsage.segments} + excluded.segments`,
        messages: sql`${smsUsage.messages} + 1`,
      },
      ...(limit > 0 ? { setWhere: sql`${smsUsage.segments} + excluded.segments <= ${limit}` } : {}),
    })
    .returning({ segments: smsUsage.segments });
  return rows.length > 0;
}

/**
 * Counts a text of `segments` against its host's and the instance's month before it is sent;
 * neither is charged when either limit would be passed, and that limit is returned.
 */
export async function reserveSmsUsage(
  db: Db,
  hostUserId: string,
  segments: number,
  limits: SmsLimits,
  now: Date,
): Promise<"ok" | "host_limit" | "instance_limit"> {
  const month = smsMonth(now);
  try {
    return await db.transaction(async (tx) => {
      if (!(await take(tx, hostScope(hostUserId), month, segments, limits.perHostMonth))) {
        return "host_limit";
      }
      // Thrown, so the host's count taken above is rolled back with it.
      if (!(await take(tx, INSTANCE, month, segments, limits.perInstanceMonth))) {
        throw new InstanceLimit();
      }
      return "ok";
    });
  } catch (error) {
    if (error instanceof InstanceLimit) return "instance_limit";
    throw error;
  }
}

class InstanceLimit extends Error {}

/** Gives back a reservation whose text the provider refused: it was never billed. */
export async function releaseSmsUsage(
  db: Db,
  hostUserId: string,
  segments: number,
  reservedAt: Date,
): Promise<void> {
  const month = smsMonth(reservedAt);
  await db.transaction(async (tx) => {
    for (const scope of [hostScope(hostUserId), INSTANCE]) {
      await tx
        .update(smsUsage)
        .set({
          segments: sql`greatest(${smsUsage.segments} - ${segments}, 0)`,
          messages: sql`greatest(${smsUsage.messages} - 1, 0)`,
        })
        .where(and(eq(smsUsage.scope, scope), eq(smsUsage.month, month)));
    }
  });
}

export interface SmsMonthUsage {
  month: string;
  segments: number;
  messages: number;
}

/** What a host's texts used this month (zeros before the first). */
export async function readHostSmsUsage(
  db: Db,
  hostUserId: string,
  now: Date,
): Promise<SmsMonthUsage> {
  const month = smsMonth(now);
  const [row] = await db
    .select({ segments: smsUsage.segments, messages: smsUsage.messages })
    .from(smsUsage)
    .where(and(eq(smsUsage.scope, hostScope(hostUserId)), eq(smsUsage.month, month)));
  return { month, segments: row?.segments ?? 0, messages: row?.messages ?? 0 };
}
