import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { issueEmailConfirmation } from "../auth/emailConfirmations";
import { verifyPassword } from "../auth/passwords";
import { tokenHash } from "../auth/secrets";
import { issueToken } from "../auth/sessions";
import { findUserById } from "../data/users";
import { authTokens, bookingFeeds, emailConfirmations, passwordResets } from "../db/schema";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { passwordChanger } from "./passwordChanger";

const t = await createTestApp();
const db = t.database.db;
const password = "correct horse battery";
const NOW = new Date("2026-03-02T09:00:00Z");

const sessionsOf = (userId: string) =>
  db.select({ id: authTokens.id }).from(authTokens).where(eq(authTokens.userId, userId));

describe("passwordChanger", () => {
  it("refuses a wrong current password on its field and changes nothing", async () => {
    const host = await signUpHost(t);
    const [session] = await sessionsOf(host.id);
    await expect(
      passwordChanger(
        db,
        host.id,
        session!.id,
        {
          currentPassword: "wrong",
          newPassword: "a new password",
        },
        NOW,
      ),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      fields: { currentPassword: [{ key: "auth.wrongPassword" }] },
    });
    expect(await verifyPassword(password, (await findUserById(db, host.id))!.passwordHash)).toBe(
      true,
    );
  });

  it("sets the new password and signs out every other session, keeping the one in use", async () => {
    const host = await signUpHost(t);
    const [current] = await sessionsOf(host.id);
    await issueToken(db, host.id, NOW);
    expect(await sessionsOf(host.id)).toHaveLength(2);
    await passwordChanger(
      db,
      host.id,
      current!.id,
      {
        currentPassword: password,
        newPassword: "a new password",
      },
      NOW,
    );
    expect(await sessionsOf(host.id)).toEqual([current]);
    const user = await findUserById(db, host.id);
    expect(await verifyPassword("a new password", user!.passwordHash)).toBe(true);
  });

  it("ends the account's API tokens, feed, reset links and pending email changes too", async () => {
    const host = await signUpHost(t);
    const now = new Date("2026-03-02T09:00:00Z");
    const [current] = await sessionsOf(host.id);
    await db.insert(authTokens).values({
      userId: host.id,
      kind: "api",
      name: "script",
      tokenHash: tokenHash(`api-${host.id}`),
      expiresAt: new Date("2026-06-01T00:00:00Z"),
    });
    await db
      .insert(bookingFeeds)
      .values({ userId: host.id, tokenHash: tokenHash(`feed-${host.id}`) });
    await db.insert(passwordResets).values({
      userId: host.id,
      tokenHash: tokenHash(`reset-${host.id}`),
      expiresAt: new Date("2026-03-02T10:00:00Z"),
      createdAt: now,
    });
    await issueEmailConfirmation(
      db,
      { userId: host.id, kind: "change", email: `elsewhere-${host.username}@example.com` },
      now,
    );
    await passwordChanger(
      db,
      host.id,
      current!.id,
      { currentPassword: password, newPassword: "a new password" },
      now,
    );
    expect(await sessionsOf(host.id)).toEqual([current]);
    expect(await db.select().from(bookingFeeds).where(eq(bookingFeeds.userId, host.id))).toEqual(
      [],
    );
    const [reset] = await db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, host.id));
    expect(reset!.usedAt).toEqual(now);
    const links = await db
      .select()
      .from(emailConfirmations)
      .where(and(eq(emailConfirmations.userId, host.id), eq(emailConfirmations.kind, "change")));
    expect(links.map((link) => link.usedAt)).toEqual([now]);
  });
});
