import { describe, expect, it } from "vitest";
import { createTeam, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { teamInvitationAnswerer } from "./teamInvitationAnswerer";
import { teamInvitationRevoker } from "./teamInvitationRevoker";
import { teamInviter } from "./teamInviter";

// The commands and the server run at NOW, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");
const t = await createTestApp();
t.setNow(NOW);
const db = t.database.db;

async function invitedTeam() {
  const admin = await signUpHost(t);
  const member = await signUpHost(t);
  const invitee = await signUpHost(t);
  const team = await createTeam(t, admin, [member]);
  const invite = () =>
    teamInviter(
      db,
      admin.id,
      team.id,
      { email: invitee.email, role: "member" },
      "http://localhost:3000",
      NOW,
    );
  return { admin, member, invitee, team, invite };
}

describe("teamInvitationRevoker", () => {
  it("withdraws an unanswered invitation once; it is gone from the invitee's dashboard too", async () => {
    const { admin, team, invite, invitee } = await invitedTeam();
    const invitation = await invite();
    await teamInvitationRevoker(db, admin.id, team.id, invitation.id);
    await expect(teamInvitationRevoker(db, admin.id, team.id, invitation.id)).rejects.toMatchObject(
      {
        code: "NOT_FOUND",
        detail: { key: "teams.invitationNotFound" },
      },
    );
    await expect(
      teamInvitationAnswerer(db, invitee.id, { invitationId: invitation.id }, "accept", NOW),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("refuses an answered invitation, another team's, and callers who are not admins", async () => {
    const { admin, member, team, invite, invitee } = await invitedTeam();
    const invitation = await invite();
    await expect(
      teamInvitationRevoker(db, member.id, team.id, invitation.id),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const otherTeam = await createTeam(t, admin);
    await expect(
      teamInvitationRevoker(db, admin.id, otherTeam.id, invitation.id),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await teamInvitationAnswerer(db, invitee.id, { invitationId: invitation.id }, "decline", NOW);
    await expect(teamInvitationRevoker(db, admin.id, team.id, invitation.id)).rejects.toMatchObject(
      {
        code: "NOT_FOUND",
      },
    );
  });
});
