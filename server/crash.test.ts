import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, inject, it, onTestFinished } from "vitest";
import { type Database, openPglite, openPostgres, pgliteExtensions } from "./db/database";
import { call, hostWithEventType } from "./test/httpHost";
import { type ServerProcess, startServerProcess } from "./test/serverProcess";
import { createTestDatabase, testEngine } from "./test/testDatabase";

/** Concurrent booking clients, and the bounds of the load before the kill. */
const CLIENTS = 8;
const KILL_AFTER_CREATED = 100;
const KILL_AFTER_MS = 8_000;
const MAX_REQUESTS = 400;
/** Where the servers' clocks start (TEST_CLOCK_START): the run never reads the date it is. */
const CLOCK_START = new Date("2027-01-04T06:00:00Z");

type Server = ServerProcess;

/** server/main.ts in a process of its own, healthy on a free loopback port. */
function startServer(env: Record<string, string>): Promise<Server> {
  return startServerProcess({
    ...env,
    TEST_CLOCK_START: CLOCK_START.toISOString(),
    SESSION_SECRET: "crash-test-secret-crash-test-secret-0000",
    LOG_LEVEL: "error",
    // The host reads their verification link there, over loopback, as the browser tests do.
    DEV_MAILBOX: "true",
    // A load test: the per-address and per-event-type booking limits are off.
    BOOKING_LIMIT_PER_IP: "0",
    BOOKING_LIMIT_PER_EVENT_TYPE: "0",
    // No SMTP: every mail a booking wrote stays in the outbox to be counted.
    SMTP_URL: "",
  });
}

/** The n-th distinct slot: a few a day from 09:00 UTC, two days after CLOCK_START onwards. */
function slot(n: number): string {
  const start = new Date(CLOCK_START);
  start.setUTCHours(9, 0, 0, 0);
  start.setUTCDate(start.getUTCDate() + 2 + (n % 200));
  return new Date(start.getTime() + Math.floor(n / 200) * 15 * 60_000).toISOString();
}

function booking(n: number) {
  return {
    userLink: "crash-host",
    eventTypeLink: "crash",
    start: slot(n),
    timezone: "UTC",
    name: `Invitee ${n}`,
    email: `invitee${n}@example.com`,
  };
}

interface Created {
  n: number;
  eventId: string;
  attendeeId: string;
}

/**
 * Books distinct slots from CLIENTS loops until KILL_AFTER_CREATED bookings were answered 201
 * (or KILL_AFTER_MS passed), then SIGKILLs the server while requests are still in flight.
 */
async function bookUntilKilled(server: Server) {
  const created: Created[] = [];
  let next = 0;
  let inFlight = 0;
  let inFlightAtKill = -1;
  let killed = false;
  // Elapsed time caps the load; the monotonic clock measures it, not the date.
  const started = performance.now();
  const kill = () => {
    if (killed) return;
    killed = true;
    inFlightAtKill = inFlight;
    server.child.kill("SIGKILL");
  };
  const client = async () => {
    while (!killed && next < MAX_REQUESTS) {
      const n = next++;
      inFlight += 1;
      try {
        const response = await call(server.base, "POST", "/api/event", booking(n));
        if (response.status === 201) {
          created.push({
            n,
            eventId: response.body.event.uuid,
            attendeeId: response.body.attendee.uuid,
          });
        } else if (!killed) {
          throw new Error(`booking ${n}: ${response.status} ${JSON.stringify(response.body)}`);
        }
      } catch (error) {
        // Cut off by the kill: such a booking may or may not have committed.
        if (!killed) throw error;
      } finally {
        inFlight -= 1;
      }
      if (created.length >= KILL_AFTER_CREATED || performance.now() - started > KILL_AFTER_MS)
        kill();
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  kill();
  await new Promise((resolve) =>
    server.child.exitCode !== null || server.child.signalCode !== null
      ? resolve(null)
      : server.child.once("exit", resolve),
  );
  return { created, inFlightAtKill, sent: next };
}

/** Resolves once every booking change is processed (its mails are written). */
async function changesProcessed(database: Database): Promise<void> {
  for (;;) {
    const [left] = await database.query<{ n: number }>(
      "select count(*)::int as n from booking_changes where processed_at is null",
    );
    if (left!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What the database holds after the crash, by event. */
async function inspect(database: Database) {
  const events = await database.query<{
    id: string;
    status: string;
    attendees: number;
    hosts: number;
    busy: number;
    inviteeMails: number;
    hostMails: number;
  }>(
    `select e.id, e.status,
            (select count(*)::int from attendees a where a.event_id = e.id) as attendees,
            (select count(*)::int from event_hosts h where h.event_id = e.id) as hosts,
            (select count(*)::int from host_busy b where b.event_id = e.id) as busy,
            (select count(*)::int from outbox o
              where o.kind = 'mail' and o.payload->'data'->>'uid' = e.id || '@slotted'
                and o.purpose is null and o.payload->'data'->>'role' = 'invitee') as "inviteeMails",
            (select count(*)::int from outbox o
              where o.kind = 'mail' and o.payload->'data'->>'uid' = e.id || '@slotted'
                and o.purpose is null and o.payload->'data'->>'role' = 'host') as "hostMails"
       from events e`,
  );
  const attendees = await database.query<{ id: string; event_id: string }>(
    "select id, event_id from attendees",
  );
  const [orphanMails] = await database.query<{ n: number }>(
    `select count(*)::int as n from outbox o
      where o.kind = 'mail' and o.payload->>'template' = 'bookingConfirmed'
        and not exists (select 1 from events e where e.id || '@slotted' = o.payload->'data'->>'uid')`,
  );
  return { events, attendees, orphanMails: orphanMails!.n };
}

describe(`kill -9 under booking load (${testEngine})`, () => {
  it("keeps every booking answered 201 with its rows and mails, nothing partial, and restarts at once on the same data", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "slotted-crash-"));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    let env: Record<string, string>;
    let open: () => Promise<Database>;
    if (testEngine === "pglite") {
      // The migrated template, so the first start skips initdb; the restart is what counts.
      const template = new PGlite({
        dataDir: join(dataDir, "pglite"),
        loadDataDir: new Blob([readFileSync(inject("pgliteTemplate"))]),
        extensions: pgliteExtensions,
      });
      await template.waitReady;
      await template.close();
      env = { DATA_DIR: dataDir, DATABASE_URL: "" };
      open = () => openPglite(join(dataDir, "pglite"));
    } else {
      const database = await createTestDatabase();
      await database.close();
      env = { DATA_DIR: dataDir, DATABASE_URL: database.url! };
      open = async () => openPostgres(database.url!, 2);
    }

    const first = await startServer(env);
    await hostWithEventType(first.base, "crash-host", { slug: "crash" });
    const { created, inFlightAtKill, sent } = await bookUntilKilled(first);
    expect(created.length).toBeGreaterThan(0);
    // The kill came while bookings were still on their way, not after the load ended.
    expect(inFlightAtKill).toBeGreaterThan(0);

    // Restarted at once on the same data: PGlite's lock of the killed process is stale.
    const second = await startServer(env);
    expect((await call(second.base, "GET", "/api/health")).status).toBe(200);
    // The slots booked before the crash stay taken.
    const again = await call(second.base, "POST", "/api/event", booking(created[0]!.n));
    expect(again.status).toBe(409);
    const after = await call(second.base, "POST", "/api/event", booking(sent));
    expect(after.status, JSON.stringify(after.body)).toBe(201);
    created.push({ n: sent, eventId: after.body.event.uuid, attendeeId: after.body.attendee.uuid });

    if (testEngine === "pglite") {
      // PGlite serves one process: the server closes it on SIGTERM before this test reads.
      second.child.kill("SIGTERM");
      const code = await new Promise((resolve) => second.child.once("exit", resolve));
      expect(code).toBe(0);
    }
    const database = await open();
    onTestFinished(() => database.close());
    // On PostgreSQL the second server keeps running: its change worker derives the mails of the
    // bookings the first one recorded but had not processed when it was killed.
    await changesProcessed(database);
    const { events, attendees, orphanMails } = await inspect(database);

    const byId = new Map(events.map((event) => [event.id, event]));
    const attendeeEvent = new Map(attendees.map((a) => [a.id, a.event_id]));
    for (const booked of created) {
      expect(byId.get(booked.eventId)?.status, booked.eventId).toBe("CONFIRMED");
      expect(attendeeEvent.get(booked.attendeeId)).toBe(booked.eventId);
    }
    // Every event, answered or cut off by the kill, is whole: its attendee, host, busy time
    // and both confirmation mails; and no mail announces a booking that did not commit.
    expect(events.length).toBeGreaterThanOrEqual(created.length);
    for (const event of events) {
      expect(event, event.id).toMatchObject({
        status: "CONFIRMED",
        attendees: 1,
        hosts: 1,
        busy: 1,
        inviteeMails: 1,
        hostMails: 1,
      });
    }
    expect(orphanMails).toBe(0);
  }, 120_000);
});
