import { eq } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { safeEqual, tokenHash } from "../auth/secrets";
import type { Db } from "../db/database";
import { bookingFeeds } from "../db/schema";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The host whose private feed `token` opens (`{user id}.{secret}`, an `.ics` ending allowed): the
 * row is found by the user id, and the token's hash compared in constant time. NOT_FOUND for
 * anything else, the same answer for a wrong secret as for an unknown host.
 */
export async function feedOwner(db: Db, token: string): Promise<string> {
  const plain = token.replace(/\.ics$/i, "");
  const userId = plain.split(".")[0] ?? "";
  const notFound = new DomainError("NOT_FOUND", message("calendars.feedNotFound"));
  if (!UUID.test(userId)) throw notFound;
  const [feed] = await db
    .select({ tokenHash: bookingFeeds.tokenHash })
    .from(bookingFeeds)
    .where(eq(bookingFeeds.userId, userId));
  if (feed === undefined || !safeEqual(feed.tokenHash, tokenHash(plain))) throw notFound;
  return userId;
}

/**
 * Refuses (FORBIDDEN) a feed address to a host whose address is not verified: a feed made by
 * someone who signed up on another person's address would keep serving that person's bookings.
 */
export function assertCanIssueBookingFeed(host: { emailVerifiedAt: Date | null }): void {
  if (host.emailVerifiedAt === null) {
    throw new DomainError("FORBIDDEN", message("account.verifyEmailFirst"));
  }
}
