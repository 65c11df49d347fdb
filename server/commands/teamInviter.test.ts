import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { teamInvitations } from "../db/schema";
import { createTeam, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { INVITATION_DAYS, INVITATIONS_PER_HOUR, teamInviter } from "./teamInviter";

// The commands and the server run at NOW, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");
const t = await createTestApp();
t.setNow(NOW);
const db = t.database.db;
const url = "http://localhost:3000";

describe("teamInviter", () => {
  it("stores an expiring invitation; a new one to the same address replaces the unanswered one", async () => {
    const admin = await signUpHost(t);
    const team = await createTeam(t, admin);
    const input = { email: "new@example.com", role: "member" as const };
    const first = await teamInviter(db, admin.id, team.id, input, url, NOW);
    expect(first.expiresAt.getTime() - NOW.getTime()).toBe(INVITATION_DAYS * 86_400_000);
    const second = await teamInviter(
      db,
      admin.id,
      team.id,
      { ...input, email: "NEW@example.com" },
      url,
      NOW,
    );
    const rows = await db.select().from(teamInvitations).where(eq(teamInvitations.teamId, team.id));
    expect(rows.map((r) => r.id)).toEqual([second.id]);
  });

  it("refuses a member's address on its field, plain members (FORBIDDEN) and outsiders (NOT_FOUND)", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const outsider = await signUpHost(t);
    const team = await createTeam(t, admin, [member]);
    const invite = (by: string, email: string) =>
      teamInviter(db, by, team.id, { email, role: "member" }, url, NOW);
    await expect(invite(admin.id, member.email.toUpperCase())).rejects.toMatchObject({
      code: "VALIDATION",
      fields: { email: [{ key: "teams.alreadyMember" }] },
    });
    await expect(invite(member.id, "x@example.com")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(invite(outsider.id, "x@example.com")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("stops an admin past INVITATIONS_PER_HOUR", async () => {
    const admin = await signUpHost(t);
    const team = await createTeam(t, admin);
    for (let i = 0; i < INVITATIONS_PER_HOUR; i++) {
      await teamInviter(
        db,
        admin.id,
        team.id,
        { email: `p${i}@example.com`, role: "member" },
        url,
        NOW,
      );
    }
    await expect(
      teamInviter(
        db,
        admin.id,
        team.id,
        { email: "one-more@example.com", role: "member" },
        url,
        NOW,
      ),
    ).rejects.toMatchObject({ code: "RATE_LIMITED" });
  });
});
