import { describe, expect, it } from "vitest";
import { computeAvailability } from "../../core/availability/computeAvailability";
import { createEventType, createTeam, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { loadAvailabilityInput } from "./loadAvailabilityInput";
import { loadEventTypeHosts } from "./loadEventTypeHosts";
import { resolvePublicEventType } from "./resolvePublicEventType";
import { insertEvent } from "./testing/insertEvent";

const t = await createTestApp();
const { db } = t.database;
const now = new Date("2027-06-01T00:00:00Z");
const monday = { startDate: "2027-06-07", endDate: "2027-06-07", timeZone: "Europe/Berlin" };

describe("loadAvailabilityInput", () => {
  it("carries the event type's rules and loads only busy time near the window", async () => {
    const host = await signUpHost(t, { timeZone: "Europe/Paris" });
    const eventType = await createEventType(t, host, {
      bufferBefore: 10,
      bufferAfter: 5,
      minimumNotice: 120,
      slotStep: 15,
      dailyLimit: 4,
      maxDaysAhead: 30,
    });
    const base = { eventTypeId: eventType.id, hostIds: [host.id] };
    const near = await insertEvent(db, {
      ...base,
      start: "2027-06-06T20:00:00Z",
      end: "2027-06-06T21:00:00Z",
    });
    await insertEvent(db, { ...base, start: "2027-05-01T08:00:00Z", end: "2027-05-01T09:00:00Z" });
    await insertEvent(db, { ...base, start: "2027-07-01T08:00:00Z", end: "2027-07-01T09:00:00Z" });
    const target = await resolvePublicEventType(db, {
      userLink: host.username,
      eventTypeLink: eventType.slug,
    });
    const input = await loadAvailabilityInput(db, target, monday, now, { duration: 30 });
    expect(input).toMatchObject({
      now: now.getTime(),
      kind: "ONE_ON_ONE",
      eventTypeId: eventType.id,
      duration: 30,
      slotStep: 15,
      bufferBefore: 10,
      bufferAfter: 5,
      minimumNotice: 120,
      maxDaysAhead: 30,
      horizonTimeZone: "Europe/Paris",
      dailyLimit: 4,
      seats: null,
      window: monday,
    });
    expect(input!.hosts).toHaveLength(1);
    expect(input!.hosts[0]!.schedule).toMatchObject({ timeZone: "Europe/Paris" });
    expect(input!.hosts[0]!.busy.map((b) => b.eventId)).toEqual([near.eventId]);
  });

  it("narrows a FLEXI ANY group to a pinned host and computes with the groups", async () => {
    const [ada, bob, cy] = [await signUpHost(t), await signUpHost(t), await signUpHost(t)];
    const team = await createTeam(t, ada, [bob, cy]);
    const eventType = await createEventType(t, ada, {
      kind: "FLEXI",
      teamId: team.id,
      hostGroups: [
        { mode: "ALL", userIds: [ada.id] },
        { mode: "ANY", userIds: [bob.id, cy.id] },
      ],
    });
    // Bob is busy all Monday morning, Cy all afternoon.
    await insertEvent(db, {
      eventTypeId: eventType.id,
      hostIds: [bob.id],
      start: "2027-06-07T07:00:00Z",
      end: "2027-06-07T10:00:00Z",
    });
    await insertEvent(db, {
      eventTypeId: eventType.id,
      hostIds: [cy.id],
      start: "2027-06-07T10:00:00Z",
      end: "2027-06-07T15:00:00Z",
    });
    const target = await resolvePublicEventType(db, { sharedLink: eventType.sharedLink });
    const all = await loadAvailabilityInput(db, target, monday, now, { duration: 60 });
    expect(computeAvailability(all!).days[0]!.slots).toHaveLength(8);

    const withCy = await loadAvailabilityInput(db, target, monday, now, {
      duration: 60,
      selection: { mode: "pin", hostId: cy.id },
    });
    expect(withCy!.hostGroups).toEqual([
      { mode: "ALL", hostIds: [ada.id] },
      { mode: "ANY", hostIds: [cy.id] },
    ]);
    const slots = computeAvailability(withCy!).days[0]!.slots;
    expect(slots.map((s) => s.localTime)).toEqual(["09:00", "10:00", "11:00"]);
    expect(slots[0]!.hostIds).toEqual([ada.id, cy.id]);
  });

  it("gives loadEventTypeHosts the same hosts and schedules as the resolver", async () => {
    const [ada, bob] = [await signUpHost(t), await signUpHost(t, { timeZone: "Asia/Tokyo" })];
    const team = await createTeam(t, ada, [bob]);
    const eventType = await createEventType(t, ada, {
      kind: "ROUND_ROBIN",
      teamId: team.id,
      hosts: [
        { userId: ada.id, priority: 1 },
        { userId: bob.id, priority: 2 },
      ],
    });
    const target = await resolvePublicEventType(db, { sharedLink: eventType.sharedLink });
    expect(await loadEventTypeHosts(db, eventType.id, null)).toEqual(target.hosts);
    expect(target.hosts.map((h) => [h.id, h.priority, h.schedule.timeZone])).toEqual([
      [bob.id, 2, "Asia/Tokyo"],
      [ada.id, 1, "Europe/Berlin"],
    ]);
    expect(target.timeZone).toBe("Asia/Tokyo");
  });
});
