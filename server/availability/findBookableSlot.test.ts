import { describe, expect, it } from "vitest";
import { DomainError } from "../../core/errors";
import { createEventType, createTeam, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { findBookableSlot } from "./findBookableSlot";
import { resolvePublicEventType } from "./resolvePublicEventType";
import { insertEvent } from "./testing/insertEvent";

const t = await createTestApp();
const { db } = t.database;
const now = new Date("2027-06-01T00:00:00Z");
const at = (iso: string) => new Date(iso);

describe("findBookableSlot", () => {
  it("re-checks one start of a personal event type under the timetable's rules", async () => {
    const host = await signUpHost(t);
    const eventType = await createEventType(t, host, { duration: 30, durations: [30, 60] });
    const target = await resolvePublicEventType(db, {
      userLink: host.username,
      eventTypeLink: eventType.slug,
    });
    const taken = await insertEvent(db, {
      eventTypeId: eventType.id,
      hostIds: [host.id],
      start: "2027-06-07T08:00:00Z",
      end: "2027-06-07T08:30:00Z",
    });

    const slot = await findBookableSlot(db, target, at("2027-06-07T07:00:00Z"), 30, now);
    expect(slot).toMatchObject({
      start: Date.parse("2027-06-07T07:00:00Z"),
      localDate: "2027-06-07",
      localTime: "09:00",
      hostIds: [host.id],
    });
    expect(await findBookableSlot(db, target, at("2027-06-07T08:00:00Z"), 30, now)).toBeNull();
    // A 60-minute meeting at 09:30 would run into the 10:00 booking.
    expect(await findBookableSlot(db, target, at("2027-06-07T07:30:00Z"), 60, now)).toBeNull();
    // Off the grid, outside working hours, or before now.
    expect(await findBookableSlot(db, target, at("2027-06-07T07:10:00Z"), 30, now)).toBeNull();
    expect(await findBookableSlot(db, target, at("2027-06-07T16:00:00Z"), 30, now)).toBeNull();
    expect(
      await findBookableSlot(
        db,
        target,
        at("2027-06-07T07:00:00Z"),
        30,
        at("2027-06-08T00:00:00Z"),
      ),
    ).toBeNull();
    // Rescheduling that booking: its own time is free again.
    const moved = await findBookableSlot(db, target, at("2027-06-07T08:00:00Z"), 30, now, {
      excludeEventId: taken.eventId,
    });
    expect(moved?.localTime).toBe("10:00");

    await expect(
      findBookableSlot(db, target, at("2027-06-07T07:00:00Z"), 45, now),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      detail: { key: "eventTypes.durationNotOffered" },
      fields: {
        duration: [{ key: "eventTypes.chooseOfferedDuration", params: { choices: "30, 60" } }],
      },
    });
  });

  it("pins a round-robin host by slug or email and orders the free hosts by priority", async () => {
    const [ada, bob] = [await signUpHost(t), await signUpHost(t)];
    const team = await createTeam(t, ada, [bob]);
    const eventType = await createEventType(t, ada, {
      kind: "ROUND_ROBIN",
      teamId: team.id,
      hosts: [
        { userId: ada.id, priority: 1 },
        { userId: bob.id, priority: 5 },
      ],
    });
    const target = await resolvePublicEventType(db, { sharedLink: eventType.sharedLink });
    await insertEvent(db, {
      eventTypeId: eventType.id,
      hostIds: [bob.id],
      start: "2027-06-07T09:00:00Z",
      end: "2027-06-07T10:00:00Z",
    });
    const start = at("2027-06-07T07:00:00Z");
    expect((await findBookableSlot(db, target, start, 30, now))?.hostIds).toEqual([bob.id, ada.id]);
    const busyBob = at("2027-06-07T09:00:00Z");
    expect((await findBookableSlot(db, target, busyBob, 30, now))?.hostIds).toEqual([ada.id]);
    expect(
      await findBookableSlot(db, target, busyBob, 30, now, { hostSlug: bob.username }),
    ).toBeNull();
    expect(
      (await findBookableSlot(db, target, busyBob, 30, now, { hostEmail: ada.email }))?.hostIds,
    ).toEqual([ada.id]);

    const pinned = await resolvePublicEventType(db, {
      sharedLink: eventType.sharedLink,
      hostSlug: bob.username,
    });
    expect(await findBookableSlot(db, pinned, busyBob, 30, now)).toBeNull();

    const stranger = await signUpHost(t);
    const error = await findBookableSlot(db, target, start, 30, now, {
      hostSlug: stranger.username,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe("NOT_FOUND");
  });
});
