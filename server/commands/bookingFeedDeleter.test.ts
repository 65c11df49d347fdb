import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookingFeeds } from "../db/schema";
import { sessionCallerOf, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { bookingFeedDeleter } from "./bookingFeedDeleter";
import { bookingFeedIssuer } from "./bookingFeedIssuer";

const t = await createTestApp();
const db = t.database.db;
const NOW = new Date("2026-03-02T09:00:00Z");

const feedOf = (userId: string) =>
  db.select().from(bookingFeeds).where(eq(bookingFeeds.userId, userId));

describe("bookingFeedDeleter", () => {
  it("turns off the host's feed and leaves every other host's", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    await bookingFeedIssuer(db, await sessionCallerOf(t, host), NOW);
    await bookingFeedIssuer(db, await sessionCallerOf(t, other), NOW);
    await bookingFeedDeleter(db, host.id);
    expect(await feedOf(host.id)).toEqual([]);
    expect(await feedOf(other.id)).toHaveLength(1);
  });

  it("changes nothing for a host without a feed", async () => {
    const host = await signUpHost(t);
    await expect(bookingFeedDeleter(db, host.id)).resolves.toBeUndefined();
    expect(await feedOf(host.id)).toEqual([]);
  });
});
