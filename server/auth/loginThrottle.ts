import { inArray, sql } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import type { Db } from "../db/database";
import { authAttempts } from "../db/schema";

export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_MINUTES = 15;

/** The counters a login attempt is charged to: the account and the client address. */
export function loginThrottleKeys(email: string, ip: string): string[] {
  return [`login:email:${email.trim().toLowerCase()}`, `login:ip:${ip}`];
}

/** Throws RATE_LIMITED when any key has too many recent failures. */
export async function assertNotThrottled(db: Db, keys: string[], now: Date): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MINUTES * 60_000);
  const rows = await db
    .select({ failures: authAttempts.failures, windowStart: authAttempts.windowStart })
    .from(authAttempts)
    .where(inArray(authAttempts.key, keys));
  const blocked = rows.find((row) => row.windowStart > since && row.failures >= LOGIN_MAX_FAILURES);
  if (blocked) {
    const minutes = Math.max(
      1,
      Math.ceil(
        (blocked.windowStart.getTime() + LOGIN_WINDOW_MINUTES * 60_000 - now.getTime()) / 60_000,
      ),
    );
    throw new DomainError(
      "RATE_LIMITED",
      `Too many failed sign-in attempts. Try again in ${minutes} minutes.`,
    );
  }
}

/** Counts one failure against each key, starting a new window when the old one has passed. */
export async function recordFailure(db: Db, keys: string[], now: Date): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MINUTES * 60_000);
  for (const key of keys) {
    await db
      .insert(authAttempts)
      .values({ key, failures: 1, windowStart: now })
      .onConflictDoUpdate({
        target: authAttempts.key,
        set: {
          failures: sql`case when ${authAttempts.windowStart} <= ${since} then 1 else ${authAttempts.failures} + 1 end`,
          windowStart: sql`case when ${authAttempts.windowStart} <= ${since} then ${now} else ${authAttempts.windowStart} end`,
        },
      });
  }
}

/** Forgets the account's failures after a successful sign-in (the address keeps its count). */
export async function clearFailures(db: Db, keys: string[]): Promise<void> {
  await db.delete(authAttempts).where(inArray(authAttempts.key, keys.slice(0, 1)));
}
