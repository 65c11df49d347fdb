import { and, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/database";
import { hostPhones } from "../db/schema";

export type HostPhoneRow = typeof hostPhones.$inferSelect;

/** Whether `phone` (E.164) is `userId`'s own number, verified by a code. */
export async function isVerifiedHostPhone(db: Db, userId: string, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: hostPhones.userId })
    .from(hostPhones)
    .where(
      and(
        eq(hostPhones.userId, userId),
        eq(hostPhones.phone, phone),
        isNotNull(hostPhones.verifiedAt),
      ),
    );
  return row !== undefined;
}

export async function readHostPhone(db: Db, userId: string): Promise<HostPhoneRow | null> {
  const [row] = await db.select().from(hostPhones).where(eq(hostPhones.userId, userId));
  return row ?? null;
}

/**
 * Sets `pendingPhone` waiting for the code with hash `codeHash`, unless a code went out less than
 * `resendSeconds` ago: one conditional upsert, so two requests at once send one code. True when
 * set; the verified number, if any, stays until the new one is confirmed.
 */
export async function claimPhoneCode(
  db: Db,
  userId: string,
  code: { pendingPhone: string; codeHash: string; expiresAt: Date },
  resendSeconds: number,
  now: Date,
): Promise<boolean> {
  const resendFrom = new Date(now.getTime() - resendSeconds * 1000);
  const values = {
    pendingPhone: code.pendingPhone,
    codeHash: code.codeHash,
    codeSentAt: now,
    codeExpiresAt: code.expiresAt,
    codeAttempts: 0,
    updatedAt: now,
  };
  const rows = await db
    .insert(hostPhones)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: hostPhones.userId,
      set: values,
      setWhere: or(isNull(hostPhones.codeSentAt), lt(hostPhones.codeSentAt, resendFrom)),
    })
    .returning({ userId: hostPhones.userId });
  return rows.length > 0;
}

/** Forgets a code that could not be sent, so another may be asked for at once. */
export async function dropPhoneCode(db: Db, userId: string, codeHash: string): Promise<void> {
  await db
    .update(hostPhones)
    .set({ pendingPhone: null, codeHash: null, codeSentAt: null, codeExpiresAt: null })
    .where(and(eq(hostPhones.userId, userId), eq(hostPhones.codeHash, codeHash)));
}

/**
 * Counts one try at the pending code, before it is compared, in one atomic update: parallel
 * guesses cannot pass `maxAttempts`. The code's hash and number, or null when there is no
 * unexpired code with tries left.
 */
export async function tryPhoneCode(
  db: Db,
  userId: string,
  maxAttempts: number,
  now: Date,
): Promise<{ codeHash: string; pendingPhone: string } | null> {
  const [row] = await db
    .update(hostPhones)
    .set({ codeAttempts: sql`${hostPhones.codeAttempts} + 1` })
    .where(
      and(
        eq(hostPhones.userId, userId),
        isNotNull(hostPhones.codeHash),
        isNotNull(hostPhones.pendingPhone),
        gt(hostPhones.codeExpiresAt, now),
        lt(hostPhones.codeAttempts, maxAttempts),
      ),
    )
    .returning({ codeHash: hostPhones.codeHash, pendingPhone: hostPhones.pendingPhone });
  return row?.codeHash && row.pendingPhone
    ? { codeHash: row.codeHash, pendingPhone: row.pendingPhone }
    : null;
}

/** Makes the pending number the verified one, if its code is still `codeHash` (used once). */
export async function confirmHostPhone(
  db: Db,
  userId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(hostPhones)
    .set({
      phone: sql`${hostPhones.pendingPhone}`,
      verifiedAt: now,
      pendingPhone: null,
      codeHash: null,
      codeSentAt: null,
      codeExpiresAt: null,
      codeAttempts: 0,
      updatedAt: now,
    })
    .where(and(eq(hostPhones.userId, userId), eq(hostPhones.codeHash, codeHash)))
    .returning({ userId: hostPhones.userId });
  return rows.length > 0;
}

/** Forgets the host's number, verified and pending. */
export async function removeHostPhone(db: Db, userId: string): Promise<void> {
  await db.delete(hostPhones).where(eq(hostPhones.userId, userId));
}
