import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authTokens, users } from "../db/schema";
import { MAX_API_TOKENS } from "../policies/tokens";
import { type Host, sessionCallerOf, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { apiTokenCreator } from "./apiTokenCreator";

const t = await createTestApp();
const db = t.database.db;
const NOW = new Date("2026-03-02T09:00:00Z");

const callerOf = (host: Host) => sessionCallerOf(t, host);

const apiTokensOf = (userId: string) =>
  db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, "api")));

describe("apiTokenCreator", () => {
  it("stores only the hash and an expiry counted from now", async () => {
    const host = await signUpHost(t);
    const { row, token } = await apiTokenCreator(
      db,
      await callerOf(host),
      { name: "sync", expiresInDays: 30 },
      NOW,
    );
    expect(row.tokenHash).not.toBe(token);
    expect(row.createdAt).toEqual(NOW);
    expect(row.expiresAt).toEqual(new Date("2026-04-01T09:00:00Z"));
    expect(row.lastUsedAt).toBeNull();
  });

  it("refuses an unverified account and makes nothing", async () => {
    const host = await signUpHost(t, {}, { verified: false });
    await expect(
      apiTokenCreator(db, await callerOf(host), { name: "x", expiresInDays: 1 }, NOW),
    ).rejects.toMatchObject({ code: "FORBIDDEN", detail: { key: "account.verifyEmailFirst" } });
    expect(await apiTokensOf(host.id)).toEqual([]);
  });

  it("refuses a caller whose session ended since the request was authenticated", async () => {
    const host = await signUpHost(t);
    const caller = await callerOf(host);
    await db.delete(authTokens).where(eq(authTokens.id, caller.tokenId));
    await expect(
      apiTokenCreator(db, caller, { name: "x", expiresInDays: 1 }, NOW),
    ).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await apiTokensOf(host.id)).toEqual([]);
  });

  it("never passes MAX_API_TOKENS, even for requests at the same moment", async () => {
    const host = await signUpHost(t);
    const caller = await callerOf(host);
    await db.insert(authTokens).values(
      Array.from({ length: MAX_API_TOKENS - 2 }, (_, i) => ({
        userId: host.id,
        kind: "api" as const,
        name: `old ${i}`,
        tokenHash: `hash-${host.id}-${i}`,
        expiresAt: new Date("2026-06-01T00:00:00Z"),
      })),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        apiTokenCreator(db, caller, { name: "new", expiresInDays: 1 }, NOW),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    for (const result of results.filter((r) => r.status === "rejected")) {
      expect(result.reason).toMatchObject({ code: "CONFLICT" });
    }
    expect(await apiTokensOf(host.id)).toHaveLength(MAX_API_TOKENS);
  });

  it("answers UNAUTHENTICATED for an account that is gone", async () => {
    const host = await signUpHost(t);
    const caller = await callerOf(host);
    await db.delete(users).where(eq(users.id, host.id));
    await expect(
      apiTokenCreator(db, caller, { name: "x", expiresInDays: 1 }, NOW),
    ).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});
