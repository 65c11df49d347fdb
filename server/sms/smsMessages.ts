import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/database";
import { smsMessages } from "../db/schema";
import type { SmsStatus } from "./smsProvider";

/** How far along each status is: a late callback never takes a message back. */
const RANK: Record<SmsStatus, number> = {
  queued: 0,
  sent: 1,
  delivered: 2,
  undelivered: 2,
  failed: 2,
};

export interface SmsMessageRecord {
  providerId: string;
  hostUserId: string | null;
  phone: string;
  segments: number;
  status: SmsStatus;
  errorCode: number | null;
  error: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Records a text the provider took, by its id there. */
export async function recordSmsMessage(
  db: Db,
  message: {
    providerId: string;
    hostUserId: string | null;
    phone: string;
    segments: number;
    status: SmsStatus;
  },
  now: Date,
): Promise<void> {
  await db
    .insert(smsMessages)
    .values({ ...message, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: smsMessages.providerId });
}

/**
 * Moves a message to the status a callback reports, unless it already got further (callbacks
 * may arrive out of order); an unknown id changes nothing. Returns whether it changed.
 */
export async function applySmsStatus(
  db: Db,
  providerId: string,
  update: { status: SmsStatus; errorCode: number | null; error: string | null },
  now: Date,
): Promise<boolean> {
  const before = Object.entries(RANK)
    .filter(([, rank]) => rank < RANK[update.status])
    .map(([status]) => status as SmsStatus);
  if (before.length === 0) return false;
  const changed = await db
    .update(smsMessages)
    .set({
      status: update.status,
      errorCode: update.errorCode,
      error: update.error,
      updatedAt: now,
    })
    .where(and(eq(smsMessages.providerId, providerId), inArray(smsMessages.status, before)))
    .returning({ providerId: smsMessages.providerId });
  return changed.length > 0;
}

/** The recorded messages with these provider ids (for a run log), in no particular order. */
export async function readSmsMessages(
  db: Db,
  providerIds: readonly string[],
): Promise<SmsMessageRecord[]> {
  if (providerIds.length === 0) return [];
  return (await db
    .select()
    .from(smsMessages)
    .where(inArray(smsMessages.providerId, [...providerIds]))) as SmsMessageRecord[];
}

/** A host's latest texts, newest first. */
export async function readHostSmsMessages(
  db: Db,
  hostUserId: string,
  limit = 50,
): Promise<SmsMessageRecord[]> {
  return (await db
    .select()
    .from(smsMessages)
    .where(eq(smsMessages.hostUserId, hostUserId))
    .orderBy(desc(smsMessages.createdAt), sql`${smsMessages.providerId}`)
    .limit(limit)) as SmsMessageRecord[];
}
