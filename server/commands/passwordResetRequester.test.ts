import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { passwordResets } from "../db/schema";
import { outboxMails } from "../test/bookingFactories";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { passwordResetRequester, RESET_MINUTES, RESETS_PER_HOUR } from "./passwordResetRequester";

// The commands and the server run at NOW, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");
const t = await createTestApp();
t.setNow(NOW);
const db = t.database.db;
const url = "http://localhost:3000";

const resetsOf = (userId: string) =>
  db.select().from(passwordResets).where(eq(passwordResets.userId, userId));
const resetMailsTo = async (email: string) =>
  (await outboxMails(t)).filter((m) => m.template === "passwordReset" && m.to.email === email);

describe("passwordResetRequester", () => {
  it("stores a hashed expiring token and mails its link", async () => {
    const host = await signUpHost(t);
    await passwordResetRequester(db, host.email.toUpperCase(), url, NOW);
    const [reset] = await resetsOf(host.id);
    expect(reset!.expiresAt.getTime() - NOW.getTime()).toBe(RESET_MINUTES * 60_000);
    const [mail] = await resetMailsTo(host.email);
    const token = new URL((mail!.data as { url: string }).url).searchParams.get("token")!;
    expect(reset!.tokenHash).not.toContain(token);
  });

  it("does nothing for an unknown address, and past RESETS_PER_HOUR sends nothing more", async () => {
    await passwordResetRequester(db, "nobody@example.com", url, NOW);
    expect(await resetMailsTo("nobody@example.com")).toEqual([]);
    const host = await signUpHost(t);
    for (let i = 0; i <= RESETS_PER_HOUR; i++) {
      await passwordResetRequester(db, host.email, url, NOW);
    }
    expect(await resetsOf(host.id)).toHaveLength(RESETS_PER_HOUR);
    expect(await resetMailsTo(host.email)).toHaveLength(RESETS_PER_HOUR);
  });
});
