import { newSecret, tokenHash } from "../auth/secrets";
import type { Db } from "../db/database";
import { bookingFeeds } from "../db/schema";

/**
 * Makes a new private feed token for `userId`, replacing any earlier one (whose address stops
 * working at once); answers the token, which is stored only as a SHA-256.
 */
export async function bookingFeedIssuer(db: Db, userId: string, now: Date): Promise<string> {
  const token = `${userId}.${newSecret()}`;
  await db
    .insert(bookingFeeds)
    .values({ userId, tokenHash: tokenHash(token), createdAt: now })
    .onConflictDoUpdate({
      target: bookingFeeds.userId,
      set: { tokenHash: tokenHash(token), createdAt: now },
    });
  return token;
}
