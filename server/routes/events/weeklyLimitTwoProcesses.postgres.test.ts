import { describe, expect, it } from "vitest";
import { berlinSlot } from "../../test/bookingFactories";
import { post, startTwoServers } from "../../test/twoServers";

/** `time` in Berlin `days` after the Monday two weeks after the servers' clock start (BOOKING_NOW, a Monday). */
const berlin = (days: number, time: string) => berlinSlot(14 + days, time);

// The weekly limit across processes: each booking counts the host's week under the host's
// advisory lock in PostgreSQL, which both processes share; nothing in process memory helps.
describe("the last allowed booking of a week, raced by two server processes", () => {
  it("20 invitees at 20 different times across both processes: exactly one 201, 19 × 409, no 5xx", async () => {
    const { bases, hostToken, database } = await startTwoServers();
    const type = await post(
      `${bases[1]}/api/event-types`,
      { kind: "ONE_ON_ONE", title: "Weekly", slug: "weekly", duration: 15, weeklyLimit: 3 },
      hostToken,
    );
    expect(type.status, JSON.stringify(type.body)).toBe(201);
    const link = { userLink: "race-host", eventTypeLink: "weekly", timezone: "Europe/Berlin" };
    for (const [i, time] of ["09:00", "10:00"].entries()) {
      const booked = await post(`${bases[i]}/api/event`, {
        ...link,
        start: berlin(0, time),
        name: `Early ${i}`,
        email: `early${i}@example.com`,
      });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    }

    // Tuesday to Friday, four times a day, and four on Monday afternoon: all in that week.
    const starts = [
      ...[1, 2, 3, 4].flatMap((day) =>
        ["09:00", "11:00", "13:00", "15:00"].map((time) => berlin(day, time)),
      ),
      ...["13:00", "14:00", "15:00", "16:00"].map((time) => berlin(0, time)),
    ];
    expect(new Set(starts).size).toBe(20);
    const responses = await Promise.all(
      starts.map((start, i) =>
        post(`${bases[i % 2]}/api/event`, {
          ...link,
          start,
          name: `Racer ${i}`,
          email: `racer${i}@example.com`,
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(
      responses
        .filter((r) => r.status === 409)
        .every((r) => r.body.code === "SLOT_NOT_AVAILABLE_ANYMORE"),
    ).toBe(true);
    const [active] = await database.query<{ n: number }>(
      "select count(*)::int as n from events where status <> 'CANCELLED'",
    );
    expect(active!.n).toBe(3);
  }, 60_000);
});
