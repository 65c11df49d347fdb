import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { verifyPassword } from "../auth/passwords";
import { issueToken } from "../auth/sessions";
import { findUserById } from "../data/users";
import { authTokens } from "../db/schema";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { passwordChanger } from "./passwordChanger";

const t = await createTestApp();
const db = t.database.db;
const password = "correct horse battery";

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
        new Date(),
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
    await issueToken(db, host.id, new Date());
    expect(await sessionsOf(host.id)).toHaveLength(2);
    await passwordChanger(
      db,
      host.id,
      current!.id,
      {
        currentPassword: password,
        newPassword: "a new password",
      },
      new Date(),
    );
    expect(await sessionsOf(host.id)).toEqual([current]);
    const user = await findUserById(db, host.id);
    expect(await verifyPassword("a new password", user!.passwordHash)).toBe(true);
  });
});
