import { describe, expect, it } from "vitest";
import { signupInvitation } from "../accounts/signupInvitation";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { hostInvitationRevoker } from "./hostInvitationRevoker";
import { hostInviter } from "./hostInviter";

// The commands and the server run at NOW, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");
const t = await createTestApp();
t.setNow(NOW);
const db = t.database.db;
const owner = await signUpHost(t, { owner: true }, { verified: false });

describe("hostInvitationRevoker", () => {
  it("takes an unanswered invitation back once: its link stops working", async () => {
    const sent = await hostInviter(
      db,
      owner.id,
      { email: "c@example.com", language: "en" },
      "https://s.example",
      NOW,
    );
    const token = new URL(sent.url).searchParams.get("invitation")!;
    expect(await signupInvitation(db, token, NOW)).toMatchObject({
      kind: "host",
      email: "c@example.com",
    });
    const host = await signUpHost(t);
    await expect(hostInvitationRevoker(db, host.id, sent.id)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await hostInvitationRevoker(db, owner.id, sent.id);
    expect(await signupInvitation(db, token, NOW)).toBeNull();
    await expect(hostInvitationRevoker(db, owner.id, sent.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
      detail: { key: "hosts.invitationNotFound" },
    });
  });
});
