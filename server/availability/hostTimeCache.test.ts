import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { BusyBlock } from "../../core/availability/types";
import { createEventType, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { type BusyChanges, HostTimeCache, type HostVersion } from "./hostTimeCache";
import { type BusyOptions, loadHostTime } from "./loadBusyBlocks";
import { insertEvent } from "./testing/insertEvent";

const t = await createTestApp();
const { db } = t.database;

// The week of Monday 2027-06-07, and the range a timetable of it would read.
const FROM = Date.parse("2027-06-04T00:00:00Z");
const TO = Date.parse("2027-06-15T00:00:00Z");
const NOW = new Date("2027-06-01T00:00:00Z");

async function versionsOf(ids: string[]): Promise<Map<string, HostVersion>> {
  const rows = await t.database.query<{ user_id: string; version: string }>(
    "select user_id, version from host_time_versions where user_id = any($1::uuid[])",
    [`{${ids.join(",")}}`],
  );
  return new Map(rows.map((row) => [row.user_id, { version: Number(row.version), down: false }]));
}

const sorted = (blocks: readonly BusyBlock[]) =>
  [...blocks].sort((a, b) => a.from - b.from || a.eventId.localeCompare(b.eventId));

/**
 * A cache over one host that checks, after each change, that what it hands out equals a fresh
 * read, and tells whether it read the host whole.
 */
async function watch(hostId: string, options: BusyOptions) {
  const cache = new HostTimeCache(t.database.query);
  let since = await versionsOf([hostId]);
  await cache.load(db, [hostId], FROM, TO, options, since);
  return async (): Promise<BusyChanges> => {
    const versions = await versionsOf([hostId]);
    const held = await cache.load(db, [hostId], FROM, TO, options, versions, { since });
    since = versions;
    const fresh = await loadHostTime(db, [hostId], FROM, TO, options);
    expect(sorted(held.busy.get(hostId)!)).toEqual(sorted(fresh.busy.get(hostId)!));
    expect(held.away.get(hostId) ?? []).toEqual(fresh.away.get(hostId) ?? []);
    return held.changes;
  };
}

async function hostWithType(overrides: Record<string, unknown> = {}) {
  const host = await signUpHost(t);
  const eventType = await createEventType(t, host, overrides);
  return { host, base: { eventTypeId: eventType.id as string, hostIds: [host.id] } };
}

describe("HostTimeCache", () => {
  it("reads again only what each booking, cancellation and move changed, and ends as a fresh read would", async () => {
    const { host, base } = await hostWithType();
    const kept = await insertEvent(db, {
      ...base,
      start: "2027-06-07T08:00:00Z",
      end: "2027-06-07T09:00:00Z",
    });
    const check = await watch(host.id, { countAttendees: false, now: NOW });

    const booked = await insertEvent(db, {
      ...base,
      start: "2027-06-08T08:00:00Z",
      end: "2027-06-08T08:30:00Z",
      bufferBefore: 15,
    });
    const afterBooking = await check();
    expect(afterBooking.all).toBe(false);
    // The span covers the new block with its buffer, and no more than the day.
    expect(afterBooking.spans).toEqual([
      { start: Date.parse("2027-06-08T07:45:00Z"), end: Date.parse("2027-06-08T08:30:00Z") },
    ]);

    // Cancelled: the status alone changes (the row in host_busy stays until removed).
    await db.execute(sql`update events set status = 'CANCELLED' where id = ${booked.eventId}`);
    expect((await check()).all).toBe(false);
    await db.execute(sql`delete from host_busy where event_id = ${booked.eventId}`);
    expect((await check()).all).toBe(false);

    // Moved to another day: both the old and the new time are read again.
    await db.execute(sql`update events set start_at = '2027-06-10T12:00:00Z', end_at = '2027-06-10T13:00:00Z'
      where id = ${kept.eventId}`);
    await db.execute(sql`update host_busy set during = tstzrange('2027-06-10T12:00:00Z', '2027-06-10T13:00:00Z')
      where event_id = ${kept.eventId}`);
    const moved = await check();
    expect(moved.all).toBe(false);
    expect(moved.spans.some((span) => span.start <= Date.parse("2027-06-07T08:00:00Z"))).toBe(true);
    expect(moved.spans.some((span) => span.end >= Date.parse("2027-06-10T13:00:00Z"))).toBe(true);

    // Several changes between two reads, one of them outside the range.
    await insertEvent(db, { ...base, start: "2027-06-09T08:00:00Z", end: "2027-06-09T09:00:00Z" });
    await insertEvent(db, { ...base, start: "2027-08-02T08:00:00Z", end: "2027-08-02T09:00:00Z" });
    await db.execute(sql`delete from host_busy where event_id = ${kept.eventId}`);
    expect((await check()).all).toBe(false);
  });

  it("counts a GROUP event's attendees afresh when one joins or leaves", async () => {
    const { host, base } = await hostWithType({ kind: "GROUP", seats: 5 });
    const event = await insertEvent(db, {
      ...base,
      start: "2027-06-08T08:00:00Z",
      end: "2027-06-08T09:00:00Z",
      attendees: 2,
    });
    const check = await watch(host.id, { countAttendees: true, now: NOW });
    await db.execute(sql`insert into attendees (event_id, name, email, time_zone, status, cancel_token)
      values (${event.eventId}, 'Third', 'third@example.com', 'UTC', 'CONFIRMED', 'third-token')`);
    expect((await check()).all).toBe(false);
    await db.execute(sql`update attendees set status = 'CANCELLED'
      where event_id = ${event.eventId} and email = 'third@example.com'`);
    expect((await check()).all).toBe(false);
  });

  it("splices busy time synced from a calendar; reads the host whole for out of office, a failing connection or a gap in the log", async () => {
    const { host, base } = await hostWithType();
    await insertEvent(db, { ...base, start: "2027-06-07T08:00:00Z", end: "2027-06-07T09:00:00Z" });
    const [connection] = await t.database.query<{ id: string }>(
      `insert into calendar_connections (user_id, provider, name, server_url, secret, on_failure)
      values ($1, 'ICS', 'Feed', 'https://calendar.example.com', 'x', 'BLOCK') returning id`,
      [host.id],
    );
    const [calendar] = await t.database.query<{ id: string }>(
      `insert into connected_calendars (connection_id, url, name) values ($1, 'feed', 'Feed') returning id`,
      [connection!.id],
    );
    const check = await watch(host.id, { countAttendees: false, now: NOW });

    await t.database.query(
      `insert into calendar_busy (user_id, connection_id, calendar_id, uid, during)
      values ($1, $2, $3, 'dentist', tstzrange('2027-06-09T13:00:00Z', '2027-06-09T14:00:00Z'))`,
      [host.id, connection!.id, calendar!.id],
    );
    expect((await check()).all).toBe(false);
    await t.database.query("delete from calendar_busy where uid = 'dentist'");
    expect((await check()).all).toBe(false);

    await t.database.query(
      "insert into out_of_office (user_id, start_date, end_date) values ($1, '2027-06-10', '2027-06-11')",
      [host.id],
    );
    expect((await check()).all).toBe(true);

    // Failing for over an hour with BLOCK: the whole range is busy, read whole.
    await t.database.query("update calendar_connections set failing_since = $2 where id = $1", [
      connection!.id,
      new Date(NOW.getTime() - 2 * 3_600_000).toISOString(),
    ]);
    expect((await check()).all).toBe(true);
    await t.database.query("update calendar_connections set failing_since = null where id = $1", [
      connection!.id,
    ]);
    expect((await check()).all).toBe(true);

    // More changes than the log keeps between two reads.
    for (let i = 0; i < 70; i++) {
      await insertEvent(db, {
        ...base,
        start: new Date(Date.parse("2027-06-08T06:00:00Z") + i * 5 * 60_000).toISOString(),
        end: new Date(Date.parse("2027-06-08T06:05:00Z") + i * 5 * 60_000).toISOString(),
      });
    }
    expect((await check()).all).toBe(true);
    expect((await check()).all).toBe(false);
  });
});
