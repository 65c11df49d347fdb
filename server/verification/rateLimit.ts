import { sql } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import type { Message } from "../../core/messages";
import { message } from "../../core/messages";
import type { Db } from "../db/database";
import { authAttempts } from "../db/schema";

/**
 * Counts one hit against `key` in a fixed window and throws RATE_LIMITED (with `reason`, by
 * default "Too many requests", and the seconds until the window ends for Retry-After) once
 * `limit` hits fall in the window. The counter lives in the database (auth_attempts), shared
 * by every server process; one upsert, so concurrent hits are all counted.
 */
export async function takeRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now: Date,
  reason: Message = message("general.tooManyRequests"),
): Promise<void> {
  const since = new Date(now.getTime() - windowMs);
  const [row] = await db
    .insert(authAttempts)
    .values({ key, failures: 1, windowStart: now })
    .onConflictDoUpdate({
      target: authAttempts.key,
      set: {
        failures: sql`case when ${authAttempts.windowStart} <= ${since} then 1 else ${authAttempts.failures} + 1 end`,
        windowStart: sql`case when ${authAttempts.windowStart} <= ${since} then ${now} else ${authAttempts.windowStart} end`,
      },
    })
    .returning({ hits: authAttempts.failures, windowStart: authAttempts.windowStart });
  if (row && row.hits > limit) {
    const endsIn = row.windowStart.getTime() + windowMs - now.getTime();
    throw new DomainError("RATE_LIMITED", reason, undefined, Math.max(1, Math.ceil(endsIn / 1000)));
  }
}
