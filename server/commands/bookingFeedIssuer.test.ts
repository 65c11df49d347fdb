import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tokenHash } from "../auth/secrets";
import { authTokens, bookingFeeds } from "../db/schema";
import { type Host, sessionCallerOf, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { bookingFeedIssuer } from "./bookingFeedIssuer";

const t = await createTestApp();
const db = t.database.db;
const NOW = new Date("2026-03-02T09:00:00Z");

const callerOf = (host: Host) => sessionCallerOf(t, host);

const feedOf = (userId: string) =>
  db.select().from(bookingFeeds).where(eq(bookingFeeds.userId, userId));

describe("bookingFeedIssuer", () => {
  it("stores the hash of a token that names the host, replacing the earlier one", async () => {
    const host = await signUpHost(t);
    const caller = await callerOf(host);
    const first = await bookingFeedIssuer(db, caller, NOW);
    const second = await bookingFeedIssuer(db, caller, NOW);
    expect(second.startsWith(`${host.id}.`)).toBe(true);
    expect(await feedOf(host.id)).toEqual([
      { userId: host.id, tokenHash: tokenHash(second), createdAt: NOW },
    ]);
    expect(first).not.toBe(second);
  });

  it("refuses an unverified account and a caller whose session ended, making nothing", async () => {
    const unverified = await signUpHost(t, {}, { verified: false });
    await expect(bookingFeedIssuer(db, await callerOf(unverified), NOW)).rejects.toMatchObject({
      code: "FORBIDDEN",
      detail: { key: "account.verifyEmailFirst" },
    });
    expect(await feedOf(unverified.id)).toEqual([]);

    const host = await signUpHost(t);
    const caller = await callerOf(host);
    await db.delete(authTokens).where(eq(authTokens.id, caller.tokenId));
    await expect(bookingFeedIssuer(db, caller, NOW)).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    expect(await feedOf(host.id)).toEqual([]);
  });
});
