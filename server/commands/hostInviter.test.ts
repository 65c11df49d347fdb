import { describe, expect, it } from "vitest";
import { hostInvitations, outbox } from "../db/schema";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { hostInviter } from "./hostInviter";

// The commands and the server run at NOW, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");
const t = await createTestApp();
t.setNow(NOW);
const db = t.database.db;
const owner = await signUpHost(t, { owner: true }, { verified: false });
const URL_BASE = "https://slotted.example";

describe("hostInviter", () => {
  it("stores one open invitation per address (a new one replaces it) and mails its link", async () => {
    const first = await hostInviter(
      db,
      owner.id,
      { email: "a@example.com", language: "de" },
      URL_BASE,
      NOW,
    );
    const second = await hostInviter(
      db,
      owner.id,
      { email: "A@example.com", language: "de" },
      URL_BASE,
      NOW,
    );
    expect(second.url).toMatch(/^https:\/\/slotted\.example\/\?invitation=/);
    expect(second.url).not.toBe(first.url);
    const rows = (await db.select().from(hostInvitations)).filter(
      (row) => row.email.toLowerCase() === "a@example.com",
    );
    expect(rows.map((row) => row.id)).toEqual([second.id]);
    // Only a hash of the token is kept.
    expect(rows[0]!.tokenHash).not.toContain(new URL(second.url).searchParams.get("invitation")!);
    const mails = (await db.select().from(outbox))
      .map((row) => row.payload as { template: string; language: string; data: { url: string } })
      .filter((mail) => mail.template === "hostInvitation");
    expect(mails.at(-1)).toMatchObject({ language: "de", data: { url: second.url } });
  });

  it("is the owner's alone (FORBIDDEN) and refuses an address with an account (VALIDATION)", async () => {
    const host = await signUpHost(t);
    await expect(
      hostInviter(db, host.id, { email: "b@example.com", language: "en" }, URL_BASE, NOW),
    ).rejects.toMatchObject({ code: "FORBIDDEN", detail: { key: "hosts.onlyOwner" } });
    await expect(
      hostInviter(db, owner.id, { email: host.email, language: "en" }, URL_BASE, NOW),
    ).rejects.toMatchObject({ code: "VALIDATION", detail: { key: "hosts.hasAccount" } });
  });
});
