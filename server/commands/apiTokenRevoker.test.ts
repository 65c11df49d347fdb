import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authTokens } from "../db/schema";
import { sessionCallerOf, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { apiTokenCreator } from "./apiTokenCreator";
import { apiTokenRevoker } from "./apiTokenRevoker";

const t = await createTestApp();
const db = t.database.db;
const NOW = new Date("2026-03-02T09:00:00Z");

const tokenRow = async (id: string) =>
  (await db.select().from(authTokens).where(eq(authTokens.id, id)))[0] ?? null;

describe("apiTokenRevoker", () => {
  it("deletes the caller's own API token", async () => {
    const host = await signUpHost(t);
    const caller = await sessionCallerOf(t, host);
    const { row } = await apiTokenCreator(db, caller, { name: "ci", expiresInDays: 30 }, NOW);
    await apiTokenRevoker(db, host.id, row.id);
    expect(await tokenRow(row.id)).toBeNull();
  });

  it("answers NOT_FOUND for another host's token, a session and an unknown id, deleting nothing", async () => {
    const owner = await signUpHost(t);
    const other = await signUpHost(t);
    const { row } = await apiTokenCreator(
      db,
      await sessionCallerOf(t, owner),
      { name: "ci", expiresInDays: 30 },
      NOW,
    );
    await expect(apiTokenRevoker(db, other.id, row.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await tokenRow(row.id)).not.toBeNull();

    const session = await sessionCallerOf(t, owner);
    await expect(apiTokenRevoker(db, owner.id, session.tokenId)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await tokenRow(session.tokenId)).not.toBeNull();

    await expect(
      apiTokenRevoker(db, owner.id, "00000000-0000-4000-8000-000000000000"),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
