import { lockCaller } from "../auth/credentials";
import { newSecret, tokenHash } from "../auth/secrets";
import type { Db } from "../db/database";
import { bookingFeeds } from "../db/schema";
import { assertCanIssueBookingFeed } from "../policies/bookingFeed";

/**
 * Makes a new private feed token for the caller, replacing any earlier one (whose address stops
 * working at once); answers the token, which is stored only as a SHA-256. Throws FORBIDDEN while
 * the caller's address is unverified, UNAUTHENTICATED when their token ended meanwhile.
 */
export async function bookingFeedIssuer(
  db: Db,
  caller: { userId: string; tokenId: string },
  now: Date,
): Promise<string> {
  const token = `${caller.userId}.${newSecret()}`;
  await db.transaction(async (tx) => {
    assertCanIssueBookingFeed(await lockCaller(tx, caller));
    await tx
      .insert(bookingFeeds)
      .values({ userId: caller.userId, tokenHash: tokenHash(token), createdAt: now })
      .onConflictDoUpdate({
        target: bookingFeeds.userId,
        set: { tokenHash: tokenHash(token), createdAt: now },
      });
  });
  return token;
}
