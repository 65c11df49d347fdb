import { describe, expect, it } from "vitest";
import { findProfileOfUser } from "../data/users";
import { createTeam, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { teamUpdater } from "./teamUpdater";

const t = await createTestApp();
const db = t.database.db;
const colors = { backgroundColor: "101010", textColor: "202020", primaryColor: "303030" };

describe("teamUpdater", () => {
  it("renames the team and, while locked, gives its plain members the team's colours", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const team = await createTeam(t, admin, [member]);
    const updated = await teamUpdater(db, admin.id, team.id, { name: "Renamed", colors });
    expect(updated).toMatchObject({ name: "Renamed", colorsLocked: false });
    expect(await findProfileOfUser(db, member.id)).toMatchObject({ primaryColor: null });
    await teamUpdater(db, admin.id, team.id, { colorsLocked: true });
    expect(await findProfileOfUser(db, member.id)).toMatchObject(colors);
    // Admins keep their own colours.
    expect(await findProfileOfUser(db, admin.id)).toMatchObject({ primaryColor: null });
  });

  it("lets only admins change the team: FORBIDDEN for members, NOT_FOUND for outsiders", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const outsider = await signUpHost(t);
    const team = await createTeam(t, admin, [member]);
    await expect(teamUpdater(db, member.id, team.id, { name: "x" })).rejects.toMatchObject({
      code: "FORBIDDEN",
      detail: { key: "teams.onlyAdmins" },
    });
    await expect(teamUpdater(db, outsider.id, team.id, { name: "x" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
