import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { issueEmailConfirmation } from "../auth/emailConfirmations";
import { findUserById } from "../data/users";
import { users } from "../db/schema";
import { mailedVerificationToken, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { emailVerifier } from "./emailVerifier";

const t = await createTestApp();
const db = t.database.db;

describe("emailVerifier", () => {
  it("marks the address verified once; the link does not work twice", async () => {
    const host = await signUpHost(t, {}, { verified: false });
    const token = await mailedVerificationToken(t, host.email);
    const now = new Date();
    await emailVerifier(db, token, now);
    expect((await findUserById(db, host.id))!.emailVerifiedAt).toEqual(now);
    await expect(emailVerifier(db, token, new Date())).rejects.toMatchObject({ code: "GONE" });
  });

  it("refuses a link mailed to an address the account no longer uses", async () => {
    const host = await signUpHost(t, {}, { verified: false });
    const token = await issueEmailConfirmation(
      db,
      { userId: host.id, kind: "verify", email: host.email },
      new Date(),
    );
    await db
      .update(users)
      .set({ email: `moved-${host.username}@example.com` })
      .where(eq(users.id, host.id));
    await expect(emailVerifier(db, token, new Date())).rejects.toMatchObject({
      code: "GONE",
    });
    expect((await findUserById(db, host.id))!.emailVerifiedAt).toBeNull();
  });
});
