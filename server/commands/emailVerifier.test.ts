import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { issueEmailConfirmation } from "../auth/emailConfirmations";
import { findUserById } from "../data/users";
import { users } from "../db/schema";
import { mailedVerificationToken, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { emailVerifier } from "./emailVerifier";

// The commands and the server run at NOW, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");
const t = await createTestApp();
t.setNow(NOW);
const db = t.database.db;

describe("emailVerifier", () => {
  it("marks the address verified once; the link does not work twice", async () => {
    const host = await signUpHost(t, {}, { verified: false });
    const token = await mailedVerificationToken(t, host.email);
    await emailVerifier(db, token, NOW);
    expect((await findUserById(db, host.id))!.emailVerifiedAt).toEqual(NOW);
    await expect(emailVerifier(db, token, NOW)).rejects.toMatchObject({ code: "GONE" });
  });

  it("refuses a link mailed to an address the account no longer uses", async () => {
    const host = await signUpHost(t, {}, { verified: false });
    const token = await issueEmailConfirmation(
      db,
      { userId: host.id, kind: "verify", email: host.email },
      NOW,
    );
    await db
      .update(users)
      .set({ email: `moved-${host.username}@example.com` })
      .where(eq(users.id, host.id));
    await expect(emailVerifier(db, token, NOW)).rejects.toMatchObject({
      code: "GONE",
    });
    expect((await findUserById(db, host.id))!.emailVerifiedAt).toBeNull();
  });
});
