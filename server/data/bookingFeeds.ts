import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { bookingFeeds } from "../db/schema";

/** When `userId`'s private feed address was made, or null when they have none. */
export async function bookingFeedCreatedAt(db: Db | Tx, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: bookingFeeds.createdAt })
    .from(bookingFeeds)
    .where(eq(bookingFeeds.userId, userId));
  return row?.createdAt ?? null;
}
