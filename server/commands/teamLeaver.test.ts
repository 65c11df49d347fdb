import { describe, expect, it } from "vitest";
import { findEventType } from "../data/eventTypes";
import { roleInTeam } from "../data/teams";
import { createEventType, createTeam, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { teamLeaver } from "./teamLeaver";

const t = await createTestApp();
const db = t.database.db;

describe("teamLeaver", () => {
  it("takes a member out of the team and off its event types", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const team = await createTeam(t, admin, [member]);
    const type = await createEventType(t, admin, {
      kind: "ROUND_ROBIN",
      teamId: team.id,
      hosts: [{ userId: admin.id }, { userId: member.id }],
    });
    await teamLeaver(db, member.id, team.id);
    expect(await roleInTeam(db, member.id, team.id)).toBeNull();
    expect((await findEventType(db, type.id))!.hosts.map((h) => h.userId)).toEqual([admin.id]);
  });

  it("keeps the last admin (CONFLICT) and knows no team its caller is not in (NOT_FOUND)", async () => {
    const admin = await signUpHost(t);
    const outsider = await signUpHost(t);
    const team = await createTeam(t, admin);
    await expect(teamLeaver(db, admin.id, team.id)).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(teamLeaver(db, outsider.id, team.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await roleInTeam(db, admin.id, team.id)).toBe("admin");
  });
});
