import { describe, expect, it } from "vitest";
import { eventTypeSchema } from "../../core/eventTypes/eventTypeSchema";
import { listSchedules } from "../data/schedules";
import { createTeam, eventTypeBody, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { eventTypeCreator } from "./eventTypeCreator";

const t = await createTestApp();
const db = t.database.db;
const input = (overrides: Record<string, unknown> = {}) =>
  eventTypeSchema.parse(eventTypeBody(overrides));

describe("eventTypeCreator", () => {
  it("creates a personal event type hosted by its owner, without a shared link", async () => {
    const host = await signUpHost(t);
    const [schedule] = await listSchedules(db, host.id);
    const created = await eventTypeCreator(db, host.id, input({ scheduleId: schedule!.id }));
    expect(created).toMatchObject({ userId: host.id, teamId: null, sharedLink: null });
    expect(created.hosts.map((h) => h.userId)).toEqual([host.id]);
  });

  it("gives a team kind a shared link and the chosen hosts, who must be members", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const outsider = await signUpHost(t);
    const team = await createTeam(t, admin, [member]);
    const hosts = [{ userId: admin.id }, { userId: member.id }];
    const created = await eventTypeCreator(
      db,
      admin.id,
      input({ kind: "COLLECTIVE", teamId: team.id, hosts }),
    );
    expect(created).toMatchObject({ userId: null, teamId: team.id });
    expect(created.sharedLink).toMatch(/^[2-9a-zA-Z]{12}$/);
    await expect(
      eventTypeCreator(
        db,
        admin.id,
        input({ kind: "COLLECTIVE", teamId: team.id, hosts: [...hosts, { userId: outsider.id }] }),
      ),
    ).rejects.toMatchObject({ fields: { hosts: [{ key: "eventTypes.hostsAreMembers" }] } });
  });

  it("refuses a plain member (FORBIDDEN), an outsider of the team and another host's schedule (fields)", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const outsider = await signUpHost(t);
    const team = await createTeam(t, admin, [member]);
    const teamType = input({
      kind: "COLLECTIVE",
      teamId: team.id,
      hosts: [{ userId: admin.id }, { userId: member.id }],
    });
    await expect(eventTypeCreator(db, member.id, teamType)).rejects.toMatchObject({
      code: "FORBIDDEN",
      detail: { key: "eventTypes.onlyTeamAdmins" },
    });
    await expect(eventTypeCreator(db, outsider.id, teamType)).rejects.toMatchObject({
      code: "VALIDATION",
      fields: { teamId: [{ key: "teams.notFound" }] },
    });
    const [adminsSchedule] = await listSchedules(db, admin.id);
    await expect(
      eventTypeCreator(db, outsider.id, input({ scheduleId: adminsSchedule!.id })),
    ).rejects.toMatchObject({ fields: { scheduleId: [{ key: "schedules.notFound" }] } });
  });

  it("refuses a slug the owner uses already", async () => {
    const host = await signUpHost(t);
    await eventTypeCreator(db, host.id, input({ slug: "twice-etc" }));
    await expect(eventTypeCreator(db, host.id, input({ slug: "twice-etc" }))).rejects.toMatchObject(
      { code: "VALIDATION", fields: { slug: [{ key: "fields.linkInUse" }] } },
    );
  });
});
