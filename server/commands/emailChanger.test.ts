import { describe, expect, it } from "vitest";
import { issueEmailConfirmation } from "../auth/emailConfirmations";
import { findUserById } from "../data/users";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { emailChanger } from "./emailChanger";

// The commands and the server run at NOW, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");
const t = await createTestApp();
t.setNow(NOW);
const db = t.database.db;

const changeLink = (userId: string, email: string) =>
  issueEmailConfirmation(db, { userId, kind: "change", email }, NOW);

describe("emailChanger", () => {
  it("moves the account to the link's address, verified, and the link works once", async () => {
    const host = await signUpHost(t, {}, { verified: false });
    const email = `new-${host.username}@example.com`;
    const token = await changeLink(host.id, email);
    const user = await emailChanger(db, token, NOW);
    expect(user.email).toBe(email);
    expect(user.emailVerifiedAt).not.toBeNull();
    await expect(emailChanger(db, token, NOW)).rejects.toMatchObject({ code: "GONE" });
  });

  it("refuses (CONFLICT) an address another account took since, and keeps the old one", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    const token = await changeLink(host.id, other.email.toUpperCase());
    await expect(emailChanger(db, token, NOW)).rejects.toMatchObject({
      code: "CONFLICT",
      fields: { email: [{ key: "fields.emailRegistered" }] },
    });
    expect((await findUserById(db, host.id))!.email).toBe(host.email);
  });

  it("refuses a malformed token as GONE", async () => {
    await expect(emailChanger(db, "not-a-token", NOW)).rejects.toMatchObject({
      code: "GONE",
    });
  });
});
