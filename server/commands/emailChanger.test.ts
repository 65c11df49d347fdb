import { describe, expect, it } from "vitest";
import { issueEmailConfirmation } from "../auth/emailConfirmations";
import { findUserById } from "../data/users";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { emailChanger } from "./emailChanger";

const t = await createTestApp();
const db = t.database.db;

const changeLink = (userId: string, email: string) =>
  issueEmailConfirmation(db, { userId, kind: "change", email }, new Date());

describe("emailChanger", () => {
  it("moves the account to the link's address, verified, and the link works once", async () => {
    const host = await signUpHost(t, {}, { verified: false });
    const email = `new-${host.username}@example.com`;
    const token = await changeLink(host.id, email);
    const user = await emailChanger(db, token, new Date());
    expect(user.email).toBe(email);
    expect(user.emailVerifiedAt).not.toBeNull();
    await expect(emailChanger(db, token, new Date())).rejects.toMatchObject({ code: "GONE" });
  });

  it("refuses (CONFLICT) an address another account took since, and keeps the old one", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    const token = await changeLink(host.id, other.email.toUpperCase());
    await expect(emailChanger(db, token, new Date())).rejects.toMatchObject({
      code: "CONFLICT",
      fields: { email: [{ key: "fields.emailRegistered" }] },
    });
    expect((await findUserById(db, host.id))!.email).toBe(host.email);
  });

  it("refuses a malformed token as GONE", async () => {
    await expect(emailChanger(db, "not-a-token", new Date())).rejects.toMatchObject({
      code: "GONE",
    });
  });
});
