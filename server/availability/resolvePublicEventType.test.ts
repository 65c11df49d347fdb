import { describe, expect, it } from "vitest";
import { createEventType, createTeam, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { resolvePublicEventType } from "./resolvePublicEventType";
import { insertSingleUseLink } from "./testing/insertSingleUseLink";

const t = await createTestApp();
const { db } = t.database;

describe("resolvePublicEventType", () => {
  it("resolves a personal event type by username and slug in any letter case", async () => {
    const host = await signUpHost(t, { timeZone: "Asia/Tokyo" });
    const eventType = await createEventType(t, host);
    const resolved = await resolvePublicEventType(db, {
      userLink: host.username.toUpperCase(),
      eventTypeLink: eventType.slug.toUpperCase(),
    });
    expect(resolved.eventType.id).toBe(eventType.id);
    expect(resolved.eventType.hosts).toEqual([{ userId: host.id, priority: 0 }]);
    expect(resolved.hosts.map((h) => h.id)).toEqual([host.id]);
    expect(resolved).toMatchObject({
      timeZone: "Asia/Tokyo",
      pinnedHost: null,
      singleUseLink: null,
    });
  });

  it("gives a team event type its hosts by priority, the first one's zone, and the pinned host", async () => {
    const ada = await signUpHost(t, { timeZone: "Europe/Paris" });
    const bob = await signUpHost(t, { timeZone: "America/Chicago" });
    const team = await createTeam(t, ada, [bob]);
    const eventType = await createEventType(t, ada, {
      kind: "COLLECTIVE",
      teamId: team.id,
      hosts: [
        { userId: ada.id, priority: 0 },
        { userId: bob.id, priority: 3 },
      ],
    });
    const resolved = await resolvePublicEventType(db, {
      sharedLink: eventType.sharedLink,
      hostEmail: ada.email.toUpperCase(),
    });
    expect(resolved.hosts.map((h) => h.id)).toEqual([bob.id, ada.id]);
    expect(resolved.timeZone).toBe("America/Chicago");
    expect(resolved.pinnedHost?.id).toBe(ada.id);
    await expect(
      resolvePublicEventType(db, {
        sharedLink: eventType.sharedLink,
        hostSlug: ada.username,
        hostEmail: bob.email,
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("returns the single-use link it came through, and refuses it once used", async () => {
    const host = await signUpHost(t);
    const eventType = await createEventType(t, host);
    const token = await insertSingleUseLink(db, eventType.id);
    const resolved = await resolvePublicEventType(db, { singleUseLink: token });
    expect(resolved.singleUseLink).toEqual({ id: expect.any(String), token });
    const used = await insertSingleUseLink(db, eventType.id, {
      usedAt: new Date("2027-01-04T06:00:00Z"),
    });
    await expect(resolvePublicEventType(db, { singleUseLink: used })).rejects.toMatchObject({
      code: "GONE",
      detail: { key: "booking.singleUseUsed" },
    });
  });
});
