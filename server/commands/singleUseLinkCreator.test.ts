import { describe, expect, it } from "vitest";
import { createEventType, createTeam, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { singleUseLinkCreator } from "./singleUseLinkCreator";

const t = await createTestApp();
const db = t.database.db;

describe("singleUseLinkCreator", () => {
  it("creates an unused link with an unguessable token, a new one each time", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const first = await singleUseLinkCreator(db, host.id, type.id);
    const second = await singleUseLinkCreator(db, host.id, type.id);
    expect(first).toMatchObject({ eventTypeId: type.id, usedAt: null });
    expect(first.token).toMatch(/^[2-9a-zA-Z]{16}$/);
    expect(second.token).not.toBe(first.token);
  });

  it("is NOT_FOUND for another host's event type, FORBIDDEN for a plain team member", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const team = await createTeam(t, admin, [member]);
    const personal = await createEventType(t, admin);
    const teamType = await createEventType(t, admin, {
      kind: "COLLECTIVE",
      teamId: team.id,
      hosts: [{ userId: admin.id }, { userId: member.id }],
    });
    await expect(singleUseLinkCreator(db, member.id, personal.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(singleUseLinkCreator(db, member.id, teamType.id)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });
});
