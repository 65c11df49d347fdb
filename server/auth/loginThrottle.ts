import { inArray, sql } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import type { Db } from "../db/database";
import { authAttempts } from "../db/schema";

/**
 * How a counter slows guessing down.
 * - `window`: at most `limit` failures per `windowMs`, then a stop until the window ends.
 * - `backoff`: the first `free` failures cost nothing; after that each attempt must wait
 *   2^(failures − free) seconds since the last failure, at most `maxDelayMs`. A stranger can
 *   slow an account down this way but never lock it for long, and its owner's known browsers
 *   are not counted here at all (see loginThrottleKeys).
 */
export type ThrottleRule =
  | { kind: "window"; limit: number; windowMs: number }
  | { kind: "backoff"; free: number; maxDelayMs: number; forgetMs: number };

export interface ThrottleKey {
  key: string;
  rule: ThrottleRule;
}

export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_MINUTES = 15;
/** Failures against one account from unknown browsers before each attempt waits. */
export const ACCOUNT_FREE_FAILURES = 5;

const loginWindow: ThrottleRule = {
  kind: "window",
  limit: LOGIN_MAX_FAILURES,
  windowMs: LOGIN_WINDOW_MINUTES * 60_000,
};

const accountBackoff: ThrottleRule = {
  kind: "backoff",
  free: ACCOUNT_FREE_FAILURES,
  maxDelayMs: LOGIN_WINDOW_MINUTES * 60_000,
  forgetMs: 24 * 3_600_000,
};

/**
 * The counters a sign-in attempt is charged to. A browser that signed in to this account
 * before (its device cookie, see deviceCookie.ts) is charged only on its own counter, so
 * nobody else's failures lock the owner out. Any other attempt is charged to the client
 * address (a hard limit, for one address spraying many accounts) and to the account
 * (growing delays, for many addresses guessing one account).
 */
export function loginThrottleKeys(
  email: string,
  ip: string,
  deviceId: string | null,
): ThrottleKey[] {
  if (deviceId !== null) return [{ key: `login:device:${deviceId}`, rule: loginWindow }];
  return [
    { key: `login:account:${email.trim().toLowerCase()}`, rule: accountBackoff },
    { key: `login:ip:${ip}`, rule: loginWindow },
  ];
}

/** A hard limit of LOGIN_MAX_FAILURES per window on one key, e.g. a password change. */
export function windowThrottleKey(key: string): ThrottleKey {
  return { key, rule: loginWindow };
}

function backoffDelayMs(failures: number, rule: ThrottleRule & { kind: "backoff" }): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.maxDelayMs, 1000 * 2 ** (failures - rule.free));
}

/** When the key lets the next attempt through, or null when it does now. */
export function throttledUntil(
  rule: ThrottleRule,
  row: { failures: number; windowStart: Date; lastFailureAt: Date | null },
  now: Date,
): Date | null {
  if (rule.kind === "window") {
    const ends = row.windowStart.getTime() + rule.windowMs;
    return ends > now.getTime() && row.failures >= rule.limit ? new Date(ends) : null;
  }
  const last = (row.lastFailureAt ?? row.windowStart).getTime();
  if (now.getTime() - last >= rule.forgetMs) return null;
  const until = last + backoffDelayMs(row.failures, rule);
  return until > now.getTime() ? new Date(until) : null;
}

/** Throws RATE_LIMITED when any key holds the attempt back. */
export async function assertNotThrottled(db: Db, keys: ThrottleKey[], now: Date): Promise<void> {
  const rows = await db
    .select()
    .from(authAttempts)
    .where(
      inArray(
        authAttempts.key,
        keys.map((k) => k.key),
      ),
    );
  let latest: Date | null = null;
  for (const { key, rule } of keys) {
    const row = rows.find((r) => r.key === key);
    const until = row ? throttledUntil(rule, row, now) : null;
    if (until && (!latest || until > latest)) latest = until;
  }
  if (latest) {
    const seconds = Math.ceil((latest.getTime() - now.getTime()) / 1000);
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    throw new DomainError(
      "RATE_LIMITED",
      message("auth.throttled", { count: minutes }),
      undefined,
      seconds,
    );
  }
}

/** Counts one failure against each key; a window that has passed, or old failures, start over. */
export async function recordFailure(db: Db, keys: ThrottleKey[], now: Date): Promise<void> {
  for (const { key, rule } of keys) {
    const resetBefore = new Date(
      now.getTime() - (rule.kind === "window" ? rule.windowMs : rule.forgetMs),
    );
    // A backoff key forgets counted from its last failure, a window from its start.
    const stale =
      rule.kind === "window"
        ? sql`${authAttempts.windowStart} <= ${resetBefore}`
        : sql`coalesce(${authAttempts.lastFailureAt}, ${authAttempts.windowStart}) <= ${resetBefore}`;
    await db
      .insert(authAttempts)
      .values({ key, failures: 1, windowStart: now, lastFailureAt: now })
      .onConflictDoUpdate({
        target: authAttempts.key,
        set: {
          failures: sql`case when ${stale} then 1 else ${authAttempts.failures} + 1 end`,
          windowStart: sql`case when ${stale} then ${now} else ${authAttempts.windowStart} end`,
          lastFailureAt: now,
        },
      });
  }
}

/**
 * Forgets the failures of the account (or device) after a successful sign-in; the client
 * address keeps its count, so one right password does not reset a spray across accounts.
 */
export async function clearFailures(db: Db, keys: ThrottleKey[]): Promise<void> {
  const own = keys.filter((k) => !k.key.startsWith("login:ip:")).map((k) => k.key);
  if (own.length > 0) await db.delete(authAttempts).where(inArray(authAttempts.key, own));
}
