import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { DomainError } from "../../core/errors";
import { issueEmailConfirmation } from "../auth/emailConfirmations";
import { tokenHash } from "../auth/secrets";
import { authTokens, bookingFeeds, emailConfirmations, passwordResets, users } from "../db/schema";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { passwordResetter } from "./passwordResetter";

// The server projects keep modules loaded between files (isolate: false in vitest.config.ts):
// this file loads them afresh so that the mock below reaches passwordResetter, and drops them
// again afterwards so that no later file gets the mock.
const hashes = vi.hoisted(() => {
  vi.resetModules();
  return { count: 0 };
});
afterAll(() => {
  vi.doUnmock("../auth/passwords");
  vi.resetModules();
});
vi.mock("../auth/passwords", async (importOriginal) => {
  const original = await importOriginal<typeof import("../auth/passwords")>();
  return {
    ...original,
    hashPassword: (password: string) => {
      hashes.count++;
      return original.hashPassword(password);
    },
  };
});

// The commands and the server run at NOW, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");
const t = await createTestApp();
t.setNow(NOW);

describe("passwordResetter", () => {
  it("refuses an unknown token before spending a password hash on it", async () => {
    const before = hashes.count;
    const attempt = passwordResetter(t.database.db, "made-up-token", "a new password", NOW);
    await expect(attempt).rejects.toBeInstanceOf(DomainError);
    await expect(attempt).rejects.toMatchObject({ code: "GONE" });
    expect(hashes.count).toBe(before);
  });

  it("refuses an expired or used token the same way, and hashes once for a live one", async () => {
    const host = await signUpHost(t);
    await t.database.db.insert(passwordResets).values([
      {
        userId: host.id,
        tokenHash: tokenHash("expired"),
        expiresAt: new Date(NOW.getTime() - 1000),
        createdAt: NOW,
      },
      {
        userId: host.id,
        tokenHash: tokenHash("live"),
        expiresAt: new Date(NOW.getTime() + 60_000),
        createdAt: NOW,
      },
    ]);
    const before = hashes.count;
    await expect(
      passwordResetter(t.database.db, "expired", "a new password", NOW),
    ).rejects.toMatchObject({
      code: "GONE",
    });
    expect(hashes.count).toBe(before);
    await passwordResetter(t.database.db, "live", "a new password", NOW);
    expect(hashes.count).toBe(before + 1);
    await expect(passwordResetter(t.database.db, "live", "another one", NOW)).rejects.toMatchObject(
      {
        code: "GONE",
      },
    );
    expect(hashes.count).toBe(before + 1);
  });

  it("turns off a pending email change, which whoever had the account may have asked for", async () => {
    const host = await signUpHost(t);
    await issueEmailConfirmation(
      t.database.db,
      { userId: host.id, kind: "change", email: "attacker@example.com" },
      NOW,
    );
    await t.database.db.insert(passwordResets).values({
      userId: host.id,
      tokenHash: tokenHash("reset-2"),
      expiresAt: new Date(NOW.getTime() + 60_000),
      createdAt: NOW,
    });
    await passwordResetter(t.database.db, "reset-2", "a new password", NOW);
    const links = await t.database.db.select().from(emailConfirmations);
    const change = links.find((l) => l.userId === host.id && l.kind === "change");
    expect(change?.usedAt).not.toBeNull();
  });

  it("verifies the address the link was mailed to and ends every API token and the feed", async () => {
    const host = await signUpHost(t, {}, { verified: false });
    const now = new Date("2026-03-02T09:00:00Z");
    await t.database.db.insert(authTokens).values({
      userId: host.id,
      kind: "api",
      name: "made before the rule",
      tokenHash: tokenHash(`api-${host.id}`),
      expiresAt: new Date("2026-06-01T00:00:00Z"),
    });
    await t.database.db
      .insert(bookingFeeds)
      .values({ userId: host.id, tokenHash: tokenHash(`feed-${host.id}`) });
    await t.database.db.insert(passwordResets).values({
      userId: host.id,
      tokenHash: tokenHash(`reset-${host.id}`),
      expiresAt: new Date(now.getTime() + 60_000),
      createdAt: now,
    });
    await passwordResetter(t.database.db, `reset-${host.id}`, "a new password", now);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, host.id));
    expect(user!.emailVerifiedAt).toEqual(now);
    expect(
      await t.database.db.select().from(authTokens).where(eq(authTokens.userId, host.id)),
    ).toEqual([]);
    expect(
      await t.database.db.select().from(bookingFeeds).where(eq(bookingFeeds.userId, host.id)),
    ).toEqual([]);
  });

  it("keeps the date an address was verified on", async () => {
    const host = await signUpHost(t);
    const [before] = await t.database.db.select().from(users).where(eq(users.id, host.id));
    const now = new Date(before!.emailVerifiedAt!.getTime() + 86_400_000);
    await t.database.db.insert(passwordResets).values({
      userId: host.id,
      tokenHash: tokenHash(`reset-${host.id}`),
      expiresAt: new Date(now.getTime() + 60_000),
      createdAt: now,
    });
    await passwordResetter(t.database.db, `reset-${host.id}`, "a new password", now);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, host.id));
    expect(after!.emailVerifiedAt).toEqual(before!.emailVerifiedAt);
  });
});
