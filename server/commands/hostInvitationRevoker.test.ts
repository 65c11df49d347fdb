import { describe, expect, it } from "vitest";
import { signupInvitation } from "../accounts/signupInvitation";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { hostInvitationRevoker } from "./hostInvitationRevoker";
import { hostInviter } from "./hostInviter";

const t = await createTestApp();
const db = t.database.db;
const owner = await signUpHost(t, { owner: true }, { verified: false });

describe("hostInvitationRevoker", () => {
  it("takes an unanswered invitation back once: its link stops working", async () => {
    const now = new Date();
    const sent = await hostInviter(
      db,
      owner.id,
      { email: "c@example.com", language: "en" },
      "https://s.example",
      now,
    );
    const token = new URL(sent.url).searchParams.get("invitation")!;
    expect(await signupInvitation(db, token, now)).toMatchObject({
      kind: "host",
      email: "c@example.com",
    });
    const host = await signUpHost(t);
    await expect(hostInvitationRevoker(db, host.id, sent.id)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await hostInvitationRevoker(db, owner.id, sent.id);
    expect(await signupInvitation(db, token, now)).toBeNull();
    await expect(hostInvitationRevoker(db, owner.id, sent.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
      detail: { key: "hosts.invitationNotFound" },
    });
  });
});
