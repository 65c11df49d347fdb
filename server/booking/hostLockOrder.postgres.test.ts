import pg from "pg";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import type { Database } from "../db/database";
import { BOOKING_NOW, berlinSlot, bookingBody, bookOk, userLink } from "../test/bookingFactories";
import { createEventType, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";

// PostgreSQL only: a booking holding the host's lock on a second connection, which PGlite's one
// connection cannot. Every write of a host's time takes their lock before it locks anything of
// theirs; a reschedule once freed its old time first (locking the host's time-versions row) and
// then waited for the lock, while the booking holding the lock waited for that row: a deadlock,
// which PostgreSQL broke by failing one of them (a 503 "busy" to its client).
const t = await createTestApp();
t.setNow(BOOKING_NOW);
const url = (t.database as Database & { url: string }).url;

async function client() {
  const connection = new pg.Client({ connectionString: url });
  await connection.connect();
  onTestFinished(() => connection.end());
  return connection;
}

describe("the order of a host's locks", () => {
  it("lets a reschedule wait for a booking's host lock holding nothing the booking needs", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { slug: "locks" });
    const booked = await bookOk(t, bookingBody(userLink(host, type)));

    // A booking elsewhere holds the host's lock, as insertBookingAtOnce does mid-statement.
    const booking = await client();
    await booking.query("begin");
    await booking.query("select pg_advisory_xact_lock(727002, hashtext($1::uuid::text))", [
      host.id,
    ]);

    const newStart = berlinSlot(1, "10:00");
    const moved = t.request({
      method: "POST",
      url: "/api/event/reschedule",
      payload: {
        attendeeUuid: booked.attendee.uuid,
        token: booked.attendee.token,
        start: newStart,
        timezone: "Europe/Berlin",
        reason: "",
      },
    });
    await vi.waitFor(
      async () => {
        const [waiting] = await t.database.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock'`,
        );
        expect(waiting!.n).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 20 },
    );

    // The waiting reschedule holds none of the host's time rows: the booking can bump them.
    const probe = await client();
    await probe.query("begin");
    await probe.query("set local lock_timeout = '2s'");
    await expect(
      probe.query("select 1 from host_time_versions where user_id = $1 for update nowait", [
        host.id,
      ]),
    ).resolves.toBeDefined();
    await probe.query("rollback");
    await booking.query("select bump_host_time(array[$1::uuid], 'busy')", [host.id]);
    await booking.query("commit");

    const answer = await moved;
    expect(answer.statusCode, answer.body).toBe(200);
    const [event] = await t.database.query<{ start: Date }>(
      "select start_at as start from events where id = $1",
      [booked.event.uuid],
    );
    expect(event!.start.toISOString()).toBe(newStart);
  });
});
