import { describe, expect, it } from "vitest";
import { createEventType, createTeam, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { eventTypeUpdater } from "./eventTypeUpdater";

// The commands and the server run at NOW, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");
const t = await createTestApp();
t.setNow(NOW);
const db = t.database.db;

describe("eventTypeUpdater", () => {
  it("applies a partial change; a new default duration alone keeps the choices in step", async () => {
    const host = await signUpHost(t);
    const created = await createEventType(t, host, { duration: 30 });
    const updated = await eventTypeUpdater(db, host.id, created.id, { duration: 45 }, NOW);
    expect(updated).toMatchObject({ duration: 45, durations: [45], updatedAt: NOW });
    expect(updated.title).toBe(created.title);
  });

  it("validates the merged result and never moves an event type to another owner", async () => {
    const host = await signUpHost(t);
    const team = await createTeam(t, host);
    const created = await createEventType(t, host);
    await expect(
      eventTypeUpdater(db, host.id, created.id, { seats: 5 }, NOW),
    ).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(
      eventTypeUpdater(db, host.id, created.id, { teamId: team.id }, NOW),
    ).rejects.toMatchObject({ fields: { teamId: [{ key: "eventTypes.cannotMoveOwner" }] } });
  });

  it("is NOT_FOUND for others and FORBIDDEN for a plain member of the owning team", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const outsider = await signUpHost(t);
    const team = await createTeam(t, admin, [member]);
    const personal = await createEventType(t, admin);
    const teamType = await createEventType(t, admin, {
      kind: "ROUND_ROBIN",
      teamId: team.id,
      hosts: [{ userId: admin.id }, { userId: member.id }],
    });
    const change = (userId: string, id: string) =>
      eventTypeUpdater(db, userId, id, { title: "x" }, NOW);
    await expect(change(member.id, personal.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(change(outsider.id, teamType.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(change(member.id, teamType.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await change(admin.id, teamType.id)).title).toBe("x");
  });
});
