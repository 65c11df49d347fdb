import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { outboxMails } from "../test/bookingFactories";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { verificationResender } from "./verificationResender";

// The commands and the server run at NOW, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");
const t = await createTestApp();
t.setNow(NOW);
const db = t.database.db;
const url = "http://localhost:3000";

describe("verificationResender", () => {
  it("mails an unverified user a new link", async () => {
    const host = await signUpHost(t, {}, { verified: false });
    const before = (await outboxMails(t)).filter((m) => m.to.email === host.email).length;
    const user = await verificationResender(db, host.id, url, NOW);
    expect(user.id).toBe(host.id);
    const after = (await outboxMails(t)).filter((m) => m.to.email === host.email);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.template).toBe("emailVerification");
  });

  it("refuses a verified address (CONFLICT) and an account that is gone (UNAUTHENTICATED)", async () => {
    const host = await signUpHost(t);
    await expect(verificationResender(db, host.id, url, NOW)).rejects.toMatchObject({
      code: "CONFLICT",
      detail: { key: "account.alreadyVerified" },
    });
    await expect(verificationResender(db, randomUUID(), url, NOW)).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
  });
});
