import { describe, expect, it } from "vitest";
import { createTeam, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { teamInvitationAnswerer } from "./teamInvitationAnswerer";
import { teamInviter } from "./teamInviter";

// The commands and the server run at NOW, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");
const t = await createTestApp();
t.setNow(NOW);
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
    NOW,
  );
  return { admin, invitee, team, invitation };
}

describe("teamInvitationAnswerer", () => {
  it("lets only one of two answers at once through", async () => {
    const { invitee, invitation } = await invited();
    const ref = { invitationId: invitation.id };
    const results = await Promise.allSettled([
      teamInvitationAnswerer(db, invitee.id, ref, "accept", NOW),
      teamInvitationAnswerer(db, invitee.id, ref, "decline", NOW),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [refused] = results.filter((r) => r.status === "rejected");
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: "GONE" });
  });

  it("refuses a wrong token, and an answer by id without an account", async () => {
    const { invitation } = await invited();
    const token = `${invitation.id}.wrong`;
    await expect(teamInvitationAnswerer(db, null, { token }, "decline", NOW)).rejects.toMatchObject(
      { code: "GONE" },
    );
    await expect(
      teamInvitationAnswerer(db, null, { invitationId: invitation.id }, "accept", NOW),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
