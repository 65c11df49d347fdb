import { describe, expect, it } from "vitest";
import { roleInTeam } from "../data/teams";
import { findProfileOfUser } from "../data/users";
import { createTeam, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { teamMemberRoleChanger } from "./teamMemberRoleChanger";
import { teamUpdater } from "./teamUpdater";

const t = await createTestApp();
const db = t.database.db;

describe("teamMemberRoleChanger", () => {
  it("promotes and demotes; a demoted admin gets the team's locked colours", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const team = await createTeam(t, admin, [member]);
    await teamMemberRoleChanger(db, admin.id, team.id, member.id, "admin");
    expect(await roleInTeam(db, member.id, team.id)).toBe("admin");
    await teamUpdater(db, admin.id, team.id, {
      colorsLocked: true,
      colors: { primaryColor: "ABCDEF" },
    });
    expect(await findProfileOfUser(db, member.id)).toMatchObject({ primaryColor: null });
    await teamMemberRoleChanger(db, admin.id, team.id, member.id, "member");
    expect(await findProfileOfUser(db, member.id)).toMatchObject({ primaryColor: "ABCDEF" });
  });

  it("never demotes the last admin, and knows no one outside the team", async () => {
    const admin = await signUpHost(t);
    const outsider = await signUpHost(t);
    const team = await createTeam(t, admin);
    await expect(
      teamMemberRoleChanger(db, admin.id, team.id, admin.id, "member"),
    ).rejects.toMatchObject({ code: "CONFLICT", detail: { key: "teams.needsAdmin" } });
    await expect(
      teamMemberRoleChanger(db, admin.id, team.id, outsider.id, "admin"),
    ).rejects.toMatchObject({ code: "NOT_FOUND", detail: { key: "teams.memberNotFound" } });
    await expect(
      teamMemberRoleChanger(db, outsider.id, team.id, admin.id, "member"),
    ).rejects.toMatchObject({ code: "NOT_FOUND", detail: { key: "teams.notFound" } });
  });
});
