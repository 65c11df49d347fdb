import { describe, expect, it } from "vitest";
import { createTeam, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { teamInvitationAnswerer } from "./teamInvitationAnswerer";
import { teamInviter } from "./teamInviter";

const t = await createTestApp();
const db = t.database.db;

async function invited() {
  const admin = await signUpHost(t);
  const invitee = await signUpHost(t);
  const team = await createTeam(t, admin);
  const invitation = await teamInviter(
    db,
    admin.id,
    team.id,
    { email: invitee.email, role: "member" },
    "http://localhost:3000",
    new Date(),
  );
  return { admin, invitee, team, invitation };
}

describe("teamInvitationAnswerer", () => {
  it("lets only one of two answers at once through", async () => {
    const { invitee, invitation } = await invited();
    const ref = { invitationId: invitation.id };
    const results = await Promise.allSettled([
      teamInvitationAnswerer(db, invitee.id, ref, "accept", new Date()),
      teamInvitationAnswerer(db, invitee.id, ref, "decline", new Date()),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [refused] = results.filter((r) => r.status === "rejected");
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: "GONE" });
  });

  it("refuses a wrong token, and an answer by id without an account", async () => {
    const { invitation } = await invited();
    const token = `${invitation.id}.wrong`;
    await expect(
      teamInvitationAnswerer(db, null, { token }, "decline", new Date()),
    ).rejects.toMatchObject({ code: "GONE" });
    await expect(
      teamInvitationAnswerer(db, null, { invitationId: invitation.id }, "accept", new Date()),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
