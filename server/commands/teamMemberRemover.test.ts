import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findEventType } from "../data/eventTypes";
import { roleInTeam } from "../data/teams";
import { eventTypes } from "../db/schema";
import { createEventType, createTeam, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { teamMemberRemover } from "./teamMemberRemover";

const t = await createTestApp();
const db = t.database.db;

describe("teamMemberRemover", () => {
  it("removes a member and takes them off the team's hosts and host groups", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const team = await createTeam(t, admin, [member]);
    const flexi = await createEventType(t, admin, {
      kind: "FLEXI",
      teamId: team.id,
      hostGroups: [
        { mode: "ALL", userIds: [admin.id] },
        { mode: "ANY", userIds: [member.id] },
      ],
    });
    await teamMemberRemover(db, admin.id, team.id, member.id);
    expect(await roleInTeam(db, member.id, team.id)).toBeNull();
    const type = await findEventType(db, flexi.id);
    expect(type!.hosts.map((h) => h.userId)).toEqual([admin.id]);
    const [row] = await db.select().from(eventTypes).where(eq(eventTypes.id, flexi.id));
    expect(row!.hostGroups.flatMap((g) => g.userIds)).not.toContain(member.id);
  });

  it("refuses the last admin, a non-member, and callers who are not admins", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const outsider = await signUpHost(t);
    const team = await createTeam(t, admin, [member]);
    await expect(teamMemberRemover(db, admin.id, team.id, admin.id)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(teamMemberRemover(db, admin.id, team.id, outsider.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
      detail: { key: "teams.memberNotFound" },
    });
    await expect(teamMemberRemover(db, member.id, team.id, admin.id)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(teamMemberRemover(db, outsider.id, team.id, member.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
      detail: { key: "teams.notFound" },
    });
  });
});
