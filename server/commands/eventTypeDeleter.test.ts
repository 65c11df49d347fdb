import { describe, expect, it } from "vitest";
import { findEventType } from "../data/eventTypes";
import { events } from "../db/schema";
import { createEventType, createTeam, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { eventTypeDeleter } from "./eventTypeDeleter";

// The commands and the server run at NOW, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");
const t = await createTestApp();
t.setNow(NOW);
const db = t.database.db;
const hour = 3_600_000;

async function meeting(
  eventTypeId: string,
  startAt: Date,
  status: "CONFIRMED" | "CANCELLED" = "CONFIRMED",
) {
  await db.insert(events).values({
    eventTypeId,
    status,
    startAt,
    endAt: new Date(startAt.getTime() + hour),
    title: "Meeting",
  });
}

describe("eventTypeDeleter", () => {
  it("deletes an event type whose meetings are past or cancelled", async () => {
    const host = await signUpHost(t);
    const created = await createEventType(t, host);
    await meeting(created.id, new Date(NOW.getTime() - 3 * hour));
    await meeting(created.id, new Date(NOW.getTime() + 3 * hour), "CANCELLED");
    await eventTypeDeleter(db, host.id, created.id, NOW);
    expect(await findEventType(db, created.id)).toBeNull();
  });

  it("refuses while an upcoming meeting exists", async () => {
    const host = await signUpHost(t);
    const created = await createEventType(t, host);
    await meeting(created.id, new Date(NOW.getTime() + hour));
    await expect(eventTypeDeleter(db, host.id, created.id, NOW)).rejects.toMatchObject({
      code: "CONFLICT",
      detail: { key: "eventTypes.hasUpcomingBookings" },
    });
    expect(await findEventType(db, created.id)).not.toBeNull();
  });

  it("is NOT_FOUND for others and FORBIDDEN for a plain member of the owning team", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const team = await createTeam(t, admin, [member]);
    const personal = await createEventType(t, admin);
    const teamType = await createEventType(t, admin, {
      kind: "COLLECTIVE",
      teamId: team.id,
      hosts: [{ userId: admin.id }, { userId: member.id }],
    });
    await expect(eventTypeDeleter(db, member.id, personal.id, NOW)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(eventTypeDeleter(db, member.id, teamType.id, NOW)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });
});
