import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findProfileOfUser } from "../data/users";
import { schedules } from "../db/schema";
import { outboxMails } from "../test/bookingFactories";
import { createTestApp } from "../test/testApp";
import { accountCreator } from "./accountCreator";

// The commands and the server run at NOW, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");
const t = await createTestApp();
t.setNow(NOW);
const db = t.database.db;
const url = "http://localhost:3000";

const input = (name: string) => ({
  email: `${name}@example.com`,
  password: "correct horse battery",
  name,
  username: name,
  language: "de" as const,
});

describe("accountCreator", () => {
  it("creates an unverified host with a profile, a default schedule, a session and the verification mail", async () => {
    const { user, token } = await accountCreator(db, input("ada-acc"), url, NOW);
    expect(user.emailVerifiedAt).toBeNull();
    expect(token).toBeTruthy();
    expect(await findProfileOfUser(db, user.id)).not.toBeNull();
    const [schedule] = await db.select().from(schedules).where(eq(schedules.userId, user.id));
    expect(schedule).toMatchObject({ isDefault: true, timeZone: "Europe/Berlin" });
    expect(schedule!.name).not.toBe("");
    const mails = await outboxMails(t);
    expect(mails).toContainEqual(
      expect.objectContaining({
        template: "emailVerification",
        to: expect.objectContaining({ email: user.email }),
      }),
    );
  });

  it("refuses a taken email or username on its field, by message key", async () => {
    await accountCreator(db, input("bo-acc"), url, NOW);
    await expect(
      accountCreator(db, { ...input("bo-acc"), username: "other-bo" }, url, NOW),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      fields: { email: [{ key: "fields.emailRegistered" }] },
    });
    await expect(
      accountCreator(db, { ...input("bo-acc"), email: "new-bo@example.com" }, url, NOW),
    ).rejects.toMatchObject({ fields: { username: [{ key: "fields.usernameTaken" }] } });
  });

  it("lets one of two racing sign-ups for one address through", async () => {
    const results = await Promise.allSettled([
      accountCreator(db, input("cy-acc"), url, NOW),
      accountCreator(db, { ...input("cy-acc"), username: "cy-acc-2" }, url, NOW),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [refused] = results.filter((r) => r.status === "rejected") as PromiseRejectedResult[];
    expect(refused!.reason).toMatchObject({ code: "VALIDATION" });
  });
});
