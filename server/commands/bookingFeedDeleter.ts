import { eq } from "drizzle-orm";
import type { Db } from "../db/database";
import { bookingFeeds } from "../db/schema";

/** Turns off the private feed of `userId`: its address answers 404 from now on. */
export async function bookingFeedDeleter(db: Db, userId: string): Promise<void> {
  await db.delete(bookingFeeds).where(eq(bookingFeeds.userId, userId));
}
