import { describe, expect, it } from "vitest";
import { createEventType, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { loadBusyBlocks } from "./loadBusyBlocks";
import { insertEvent } from "./testing/insertEvent";

const t = await createTestApp();
const { db } = t.database;
const ms = (iso: string) => Date.parse(iso);

async function hostWithType() {
  const host = await signUpHost(t);
  const eventType = await createEventType(t, host);
  return { host, base: { eventTypeId: eventType.id as string, hostIds: [host.id] } };
}

describe("loadBusyBlocks", () => {
  it("loads the active events overlapping the range, with their buffers, by host", async () => {
    const { host, base } = await hostWithType();
    const other = await hostWithType();
    const inside = await insertEvent(db, {
      ...base,
      start: "2027-06-07T08:00:00Z",
      end: "2027-06-07T09:00:00Z",
      bufferBefore: 15,
      bufferAfter: 10,
    });
    const pending = await insertEvent(db, {
      ...base,
      start: "2027-06-07T10:00:00Z",
      end: "2027-06-07T11:00:00Z",
      status: "PENDING_PAYMENT",
    });
    // Its buffer alone reaches into the range.
    const bufferOnly = await insertEvent(db, {
      ...base,
      start: "2027-06-08T00:00:00Z",
      end: "2027-06-08T01:00:00Z",
      bufferBefore: 30,
    });
    await insertEvent(db, {
      ...base,
      start: "2027-06-07T12:00:00Z",
      end: "2027-06-07T13:00:00Z",
      status: "CANCELLED",
    });
    await insertEvent(db, { ...base, start: "2027-06-09T08:00:00Z", end: "2027-06-09T09:00:00Z" });
    await insertEvent(db, {
      ...other.base,
      start: "2027-06-07T08:00:00Z",
      end: "2027-06-07T09:00:00Z",
    });

    const busy = await loadBusyBlocks(
      db,
      [host.id],
      ms("2027-06-07T00:00:00Z"),
      ms("2027-06-08T00:00:00Z"),
      {
        countAttendees: false,
      },
    );
    expect([...busy.keys()]).toEqual([host.id]);
    const blocks = [...busy.get(host.id)!].sort((x, y) => x.start - y.start);
    expect(blocks.map((b) => b.eventId)).toEqual([
      inside.eventId,
      pending.eventId,
      bufferOnly.eventId,
    ]);
    expect(blocks[0]).toEqual({
      eventId: inside.eventId,
      eventTypeId: base.eventTypeId,
      start: ms("2027-06-07T08:00:00Z"),
      end: ms("2027-06-07T09:00:00Z"),
      from: ms("2027-06-07T07:45:00Z"),
      to: ms("2027-06-07T09:10:00Z"),
      attendeeCount: 1,
    });
  });

  it("counts confirmed attendees, leaves out a moving event, and frees a leaving attendee's seat", async () => {
    const { host, base } = await hostWithType();
    const group = await insertEvent(db, {
      ...base,
      start: "2027-06-07T08:00:00Z",
      end: "2027-06-07T09:00:00Z",
      attendees: 3,
      cancelledAttendees: 2,
    });
    const solo = await insertEvent(db, {
      ...base,
      start: "2027-06-07T10:00:00Z",
      end: "2027-06-07T11:00:00Z",
    });
    const range = [ms("2027-06-07T00:00:00Z"), ms("2027-06-08T00:00:00Z")] as const;
    const load = async (options: Parameters<typeof loadBusyBlocks>[4]) =>
      Object.fromEntries(
        (await loadBusyBlocks(db, [host.id], ...range, options))
          .get(host.id)!
          .map((b) => [b.eventId, b.attendeeCount]),
      );

    expect(await load({ countAttendees: true })).toEqual({ [group.eventId]: 3, [solo.eventId]: 1 });
    expect(await load({ countAttendees: true, excludeEventId: group.eventId })).toEqual({
      [solo.eventId]: 1,
    });
    expect(await load({ countAttendees: true, leavingEventId: group.eventId })).toEqual({
      [group.eventId]: 2,
      [solo.eventId]: 1,
    });
    // The last attendee leaving takes the event with them.
    expect(await load({ countAttendees: true, leavingEventId: solo.eventId })).toEqual({
      [group.eventId]: 3,
    });
  });

  it("answers an empty map for no hosts without a query", async () => {
    expect((await loadBusyBlocks(db, [], 0, 1, { countAttendees: false })).size).toBe(0);
  });
});
