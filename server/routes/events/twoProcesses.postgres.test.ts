import { describe, expect, it } from "vitest";
import { berlinSlot } from "../../test/bookingFactories";
import { post, startTwoServers } from "../../test/twoServers";

// PGlite is an embedded, single-process database: two server processes cannot share one, so
// this race only exists (and is only tested) on a PostgreSQL server.
describe("two server processes on one PostgreSQL", () => {
  it("100 concurrent bookings of one slot: exactly one 201, 99 × 409, no 5xx", async () => {
    const { bases, hostToken } = await startTwoServers();
    const type = await post(
      `${bases[1]}/api/event-types`,
      { kind: "ONE_ON_ONE", title: "Race", slug: "race", duration: 30 },
      hostToken,
    );
    expect(type.status).toBe(201);

    const start = berlinSlot(3, "10:00");
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        post(`${bases[i % 2]}/api/event`, {
          userLink: "race-host",
          eventTypeLink: "race",
          // Four ways to name the event type, so each process sends several racers to the
          // database instead of letting one request stand for all (SlotFlights).
          ...[
            {},
            { hostSlug: "race-host" },
            { hostEmail: "race@example.com" },
            { hostSlug: "race-host", hostEmail: "race@example.com" },
          ][i % 4],
          start,
          timezone: "Europe/Berlin",
          name: `Racer ${i}`,
          email: `racer${i}@example.com`,
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    expect(
      responses
        .filter((r) => r.status === 409)
        .every((r) => r.body.code === "SLOT_NOT_AVAILABLE_ANYMORE"),
    ).toBe(true);
  }, 60_000);
});
