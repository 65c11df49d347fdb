import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailConfirmations } from "../db/schema";
import { outboxMails } from "../test/bookingFactories";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { emailChangeRequester } from "./emailChangeRequester";

// The commands and the server run at NOW, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");
const t = await createTestApp();
t.setNow(NOW);
const db = t.database.db;
const url = "http://localhost:3000";
const password = "correct horse battery";

const changeLinks = (userId: string) =>
  db
    .select()
    .from(emailConfirmations)
    .where(and(eq(emailConfirmations.userId, userId), eq(emailConfirmations.kind, "change")));

describe("emailChangeRequester", () => {
  it("refuses a wrong password and the current address, on their fields", async () => {
    const host = await signUpHost(t);
    await expect(
      emailChangeRequester(
        db,
        host.id,
        { email: "new@example.com", currentPassword: "wrong" },
        url,
        NOW,
      ),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      fields: { currentPassword: [{ key: "auth.wrongPassword" }] },
    });
    await expect(
      emailChangeRequester(
        db,
        host.id,
        { email: host.email.toUpperCase(), currentPassword: password },
        url,
        NOW,
      ),
    ).rejects.toMatchObject({ fields: { email: [{ key: "account.sameEmail" }] } });
    expect(await changeLinks(host.id)).toEqual([]);
  });

  it("mails a link to a free address and a notice to the old one; a newer request turns the older link off", async () => {
    const host = await signUpHost(t);
    const email = `moved-${host.username}@example.com`;
    await emailChangeRequester(db, host.id, { email, currentPassword: password }, url, NOW);
    await emailChangeRequester(db, host.id, { email, currentPassword: password }, url, NOW);
    const links = await changeLinks(host.id);
    expect(links).toHaveLength(2);
    expect(links.filter((l) => l.usedAt === null)).toHaveLength(1);
    const mails = await outboxMails(t);
    expect(mails.filter((m) => m.template === "emailChange" && m.to.email === email)).toHaveLength(
      2,
    );
    expect(mails).toContainEqual(
      expect.objectContaining({
        template: "emailChangeNotice",
        to: expect.objectContaining({ email: host.email }),
      }),
    );
  });

  it("sends no link to an address another account has, only a mail saying so", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    await emailChangeRequester(
      db,
      host.id,
      { email: other.email, currentPassword: password },
      url,
      NOW,
    );
    expect((await changeLinks(host.id)).filter((l) => l.usedAt === null)).toEqual([]);
    const toOther = (await outboxMails(t)).filter((m) => m.to.email === other.email);
    expect(toOther.map((m) => m.template)).toEqual(["emailInUse"]);
  });
});
