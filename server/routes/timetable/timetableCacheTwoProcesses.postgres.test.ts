import { describe, expect, it } from "vitest";
import { berlinSlot } from "../../test/bookingFactories";
import { post, startTwoServers } from "../../test/twoServers";

/** The slot starts a timetable response offers, as ISO instants. */
async function offered(base: string, date: string): Promise<string[]> {
  const response = await fetch(
    `${base}/api/timetable?userLink=race-host&eventTypeLink=cache&start=${date}&end=${date}&timezone=Europe/Berlin`,
  );
  expect(response.status).toBe(200);
  const body = (await response.json()) as {
    timetable: { slots: Record<string, { start: string }> }[];
  };
  return body.timetable.flatMap((day) => Object.values(day.slots).map((slot) => slot.start));
}

const iso = (instant: string) => new Date(instant).toISOString().replace(".000Z", "Z");

// Each process keeps its own cache of computed timetables; only the busy-time versions written
// in the booking's own transaction tell process B that process A took a slot. PGlite is one
// process's database, so this is a PostgreSQL test.
describe("the timetable cache across two server processes", () => {
  it("a slot booked, cancelled or closed through A is gone, back or gone from B's cached timetable at once", async () => {
    const { bases, hostToken } = await startTwoServers();
    const [a, b] = bases;
    const type = await post(
      `${a}/api/event-types`,
      { kind: "ONE_ON_ONE", title: "Cache", slug: "cache", duration: 30 },
      hostToken,
    );
    expect(type.status).toBe(201);
    const start = berlinSlot(3, "10:00");
    const date = start.slice(0, 10);

    // B computes and caches the day, and answers the second read from its cache.
    expect(await offered(b, date)).toContain(iso(start));
    expect(await offered(b, date)).toContain(iso(start));

    const booking = await post(`${a}/api/event`, {
      userLink: "race-host",
      eventTypeLink: "cache",
      start,
      timezone: "Europe/Berlin",
      name: "Invitee",
      email: "invitee@example.com",
    });
    expect(booking.status).toBe(201);
    expect(await offered(b, date)).not.toContain(iso(start));

    const cancelled = await fetch(`${a}/api/event/uuid/${booking.body.event.uuid}/cancel`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${hostToken}` },
      body: JSON.stringify({ cancellation_reason: "Moved" }),
    });
    expect(cancelled.status).toBe(200);
    expect(await offered(b, date)).toContain(iso(start));

    // An event type edit through A (here a minimum notice past the whole day) reaches B too.
    const edited = await fetch(`${a}/api/event-types/${type.body.id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", authorization: `Bearer ${hostToken}` },
      body: JSON.stringify({ minimumNotice: 60 * 24 * 10 }),
    });
    expect(edited.status).toBe(200);
    expect(await offered(b, date)).toEqual([]);
  }, 60_000);
});
