// Timetable latency over real HTTP: a month window of a one-on-one event type (200 events in
// it), the same with 500 events synced from the host's calendar as well, and of a 20-host round
// robin (1,000 events in it), beside /api/health, then again after
// 100,000 events outside the window. PGlite in memory, or PostgreSQL when DATABASE_URL is set
// (in a scratch database created and dropped here). Sequential requests; p50 and p95 in ms.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { type Database, openPostgres, pgliteExtensions, wrapPglite } from "../server/db/database";
import { migrate } from "../server/db/migrate";

const NOW = new Date("2030-02-15T09:00:00Z");
// March 2030: weekdays are CET (UTC+1) throughout; Berlin's clocks change on Sunday the 31st.
const WINDOW = { start: "2030-03-01", end: "2030-03-31" };
const ROUND_ROBIN_HOSTS = 20;
const ONE_ON_ONE_EVENTS = 200;
const EXTERNAL_EVENTS = 500;
const ROUND_ROBIN_EVENTS = 1_000;
const OUTSIDE_EVENTS = 100_000;
// The server warms up over its first thousands of requests (V8 tiers hot JavaScript and PGlite's
// WebAssembly up to optimised code), and a production server is warm: all cases take WARMUP
// requests, in WARMUP_ROUNDS rounds, before any is measured, and each measurement starts with a few
// more.
const WARMUP = 1500;
const WARMUP_ROUNDS = 3;
const RUNS = 400;
const TARGETS = { health: null, oneOnOne: 5, roundRobin: 20 } as const;

interface Engine {
  database: Database;
  name: string;
  dispose(): Promise<void>;
}

async function openEngine(): Promise<Engine> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const client = new PGlite({ extensions: pgliteExtensions });
    await client.waitReady;
    const database = wrapPglite(client);
    return { database, name: "PGlite (in memory)", dispose: () => database.close() };
  }
  const name = `slotted_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = openPostgres(dbUrl.toString());
  const { rows } = await admin.query<{ v: string }>(
    "select current_setting('server_version') as v",
  );
  return {
    database,
    name: `PostgreSQL ${rows[0]?.v ?? ""} (${dbUrl.host}, scratch database ${name})`,
    async dispose() {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A PostgreSQL array literal of plain tokens (uuids, ISO instants). */
const pgArray = (values: readonly string[]) => `{${values.join(",")}}`;

async function insertUsers(database: Database, count: number, prefix: string): Promise<string[]> {
  const result = await database.db.execute<{ id: string }>(sql`
    insert into users (email, password_hash, name, username, time_zone, email_verified_at)
    select ${prefix} || n || '@example.com', 'x', 'Bench host ' || n, ${prefix} || n, 'Europe/Berlin', now()
    from generate_series(1, ${count}::int) as n
    order by n
    returning id`);
  const ids = result.rows.map((row) => row.id);
  const weekly = JSON.stringify(
    Object.fromEntries(
      ["MON", "TUE", "WED", "THU", "FRI"].map((day) => [day, [{ start: "08:00", end: "18:00" }]]),
    ),
  );
  await database.db.execute(sql`
    insert into schedules (user_id, name, time_zone, weekly, is_default)
    select id, 'Working hours', 'Europe/Berlin', ${weekly}::jsonb, true
    from unnest(${pgArray(ids)}::uuid[]) as id`);
  return ids;
}

/** Confirmed 30-minute events with one attendee each: one host and one start per entry. */
async function insertEvents(
  database: Database,
  eventTypeId: string,
  hostIds: readonly string[],
  starts: readonly string[],
) {
  await database.db.execute(sql`
    with input as (
      select gen_random_uuid() as id, host_id, start_at
      from unnest(${pgArray(hostIds)}::uuid[], ${pgArray(starts)}::timestamptz[]) as t(host_id, start_at)
    ), inserted as (
      insert into events (id, event_type_id, status, start_at, end_at, title)
      select id, ${eventTypeId}::uuid, 'CONFIRMED', start_at, start_at + interval '30 minutes', 'Bench'
      from input
      returning id
    ), hosts as (
      insert into event_hosts (event_id, user_id) select id, host_id from input returning event_id
    ), busy as (
      insert into host_busy (host_id, event_id, during)
      select host_id, id, tstzrange(start_at, start_at + interval '30 minutes') from input
      returning event_id
    )
    insert into attendees (event_id, name, email, time_zone, cancel_token)
    select id, 'Invitee', 'invitee@example.com', 'Europe/Berlin', md5(id::text) from inserted`);
}

/** The 30-minute starts of weekdays 08:00-18:00 Berlin (07:00-17:00Z) in March 2030. */
function workingStarts(): string[] {
  const starts: string[] = [];
  for (let day = 1; day <= 31; day++) {
    const date = new Date(Date.UTC(2030, 2, day));
    if (date.getUTCDay() === 0 || date.getUTCDay() === 6) continue;
    for (let half = 0; half < 20; half++) {
      starts.push(new Date(date.getTime() + (7 * 60 + half * 30) * 60_000).toISOString());
    }
  }
  return starts;
}

/** `count` starts spread evenly over the working starts, shifted by `offset`. */
function spread(count: number, offset: number): string[] {
  const all = workingStarts();
  return Array.from({ length: count }, (_, i) => {
    const index = Math.floor((i * all.length) / count) + offset;
    return all[index % all.length]!;
  });
}

async function seed(database: Database) {
  const [solo] = await insertUsers(database, 1, "solo-");
  const team = await insertUsers(database, ROUND_ROBIN_HOSTS, "rr-");
  const oneOnOne = await database.db.execute<{ id: string }>(sql`
    insert into event_types (user_id, kind, title, slug, duration, durations, max_days_ahead)
    values (${solo}::uuid, 'ONE_ON_ONE', 'Intro', 'intro', 30, '[30]', 90) returning id`);
  const teamRow = await database.db.execute<{ id: string }>(sql`
    insert into teams (name, slug) values ('Bench team', 'bench-team') returning id`);
  const roundRobin = await database.db.execute<{ id: string }>(sql`
    insert into event_types (team_id, kind, title, slug, duration, durations, max_days_ahead, shared_link)
    values (${teamRow.rows[0]!.id}::uuid, 'ROUND_ROBIN', 'Demo', 'demo', 30, '[30]', 90, 'bench-rr')
    returning id`);
  const oneOnOneId = oneOnOne.rows[0]!.id;
  const roundRobinId = roundRobin.rows[0]!.id;
  await database.db.execute(sql`
    insert into event_type_hosts (event_type_id, user_id) values (${oneOnOneId}::uuid, ${solo}::uuid)`);
  await database.db.execute(sql`
    insert into team_members (team_id, user_id, role)
    select ${teamRow.rows[0]!.id}::uuid, id, 'member' from unnest(${pgArray(team)}::uuid[]) as id`);
  await database.db.execute(sql`
    insert into event_type_hosts (event_type_id, user_id, priority)
    select ${roundRobinId}::uuid, id, n % 3
    from unnest(${pgArray(team)}::uuid[]) with ordinality as t(id, n)`);

  await insertEvents(
    database,
    oneOnOneId,
    Array(ONE_ON_ONE_EVENTS).fill(solo),
    spread(ONE_ON_ONE_EVENTS, 0),
  );
  const perHost = ROUND_ROBIN_EVENTS / ROUND_ROBIN_HOSTS;
  await insertEvents(
    database,
    roundRobinId,
    team.flatMap((id) => Array(perHost).fill(id)),
    team.flatMap((_, h) => spread(perHost, h * 7)),
  );
  // A second one-on-one host with the same 200 bookings and 500 events from a connected calendar
  // as the sync job stores them: 30 minutes each, every 90 minutes day and night from March 1st
  // 00:15Z, a quarter hour off the slot grid (a busy calendar, with evenings and weekends).
  const [synced] = await insertUsers(database, 1, "synced-");
  const syncedType = await database.db.execute<{ id: string }>(sql`
    insert into event_types (user_id, kind, title, slug, duration, durations, max_days_ahead)
    values (${synced}::uuid, 'ONE_ON_ONE', 'Intro', 'intro', 30, '[30]', 90) returning id`);
  const syncedTypeId = syncedType.rows[0]!.id;
  await database.db.execute(sql`
    insert into event_type_hosts (event_type_id, user_id) values (${syncedTypeId}::uuid, ${synced}::uuid)`);
  await insertEvents(
    database,
    syncedTypeId,
    Array(ONE_ON_ONE_EVENTS).fill(synced),
    spread(ONE_ON_ONE_EVENTS, 0),
  );
  await database.db.execute(sql`
    with connection as (
      insert into calendar_connections (user_id, provider, name, server_url, secret)
      values (${synced}::uuid, 'CALDAV', 'Bench', 'https://dav.example.com', 'sealed')
      returning id
    ), calendar as (
      insert into connected_calendars (connection_id, url, name)
      select id, 'https://dav.example.com/cal/', 'Work' from connection
      returning id, connection_id
    )
    insert into calendar_busy (user_id, connection_id, calendar_id, uid, during)
    select ${synced}::uuid, calendar.connection_id, calendar.id, 'ext-' || n,
      tstzrange(start_at, start_at + interval '30 minutes')
    from calendar, generate_series(0, ${EXTERNAL_EVENTS}::int - 1) as n,
      lateral (select timestamptz '2030-03-01T00:15:00Z' + n * interval '90 minutes' as start_at) as t`);
  return { solo: solo!, team, oneOnOneId, roundRobinId };
}

/** 100,000 events on the same hosts, hourly, half before and half after the window. */
async function seedOutside(database: Database, fixture: Awaited<ReturnType<typeof seed>>) {
  const hosts = [fixture.solo, ...fixture.team];
  const perHost = Math.ceil(OUTSIDE_EVENTS / hosts.length / 2);
  let left = OUTSIDE_EVENTS;
  for (const [i, host] of hosts.entries()) {
    for (const base of ["2029-07-01T00:00:00Z", "2030-06-01T00:00:00Z"]) {
      const count = Math.min(perHost, left);
      left -= count;
      await database.db.execute(sql`
        with input as (
          select gen_random_uuid() as id, ${base}::timestamptz + (n || ' hours')::interval as start_at
          from generate_series(0, ${count}::int - 1) as n
        ), inserted as (
          insert into events (id, event_type_id, status, start_at, end_at, title)
          select id, ${i === 0 ? fixture.oneOnOneId : fixture.roundRobinId}::uuid, 'CONFIRMED',
            start_at, start_at + interval '30 minutes', 'Bench'
          from input returning id
        ), hosts as (
          insert into event_hosts (event_id, user_id) select id, ${host}::uuid from input returning event_id
        ), busy as (
          insert into host_busy (host_id, event_id, during)
          select ${host}::uuid, id, tstzrange(start_at, start_at + interval '30 minutes') from input
          returning event_id
        )
        insert into attendees (event_id, name, email, time_zone, cancel_token)
        select id, 'Invitee', 'invitee@example.com', 'Europe/Berlin', md5(id::text) from inserted`);
    }
  }
  await database.db.execute(sql`analyze`);
}

// The client runs on a thread of its own, as a browser would on another machine: its fetch and
// parsing must not queue behind the server on one event loop.
const CLIENT = `
const { parentPort } = require("node:worker_threads");
parentPort.on("message", async ({ url, warmup, runs }) => {
  let slots = 0;
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url);
    const text = await response.text();
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(url + ": " + response.status + " " + text);
    slots = (text.match(/"start":/g) || []).length;
    return ms;
  };
  for (let i = 0; i < warmup; i++) await once();
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await once());
  parentPort.postMessage({ times, slots });
});
`;

async function measure(
  client: Worker,
  url: string,
  counts: { warmup: number; runs: number } = { warmup: 50, runs: RUNS },
): Promise<{ p50: number; p95: number; slots: number }> {
  const { times, slots } = await new Promise<{ times: number[]; slots: number }>(
    (resolve, reject) => {
      const done = (result: { times: number[]; slots: number }) => {
        client.off("error", reject);
        resolve(result);
      };
      client.once("message", done);
      client.once("error", reject);
      client.postMessage({ url, ...counts });
    },
  );
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p95: at(0.95), slots };
}

type Row = { label: string; target: number | null; p50: number; p95: number; slots: number };

function printTable(title: string, rows: Row[]) {
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(44) : c.padStart(9))).join(" | ")} |`;
  console.log(`\n${title}`);
  console.log(
    line(["request (month window, sequential)", "p50 ms", "p95 ms", "target", "slots", "ok"]),
  );
  console.log(
    line([
      "-".repeat(44),
      "-".repeat(9),
      "-".repeat(9),
      "-".repeat(9),
      "-".repeat(9),
      "-".repeat(9),
    ]),
  );
  for (const row of rows) {
    const ok = row.target === null ? "" : row.p50 <= row.target ? "yes" : "NO";
    console.log(
      line([
        row.label,
        row.p50.toFixed(2),
        row.p95.toFixed(2),
        row.target === null ? "" : `<= ${row.target}`,
        row.label.startsWith("GET /api/health") ? "" : String(row.slots),
        ok,
      ]),
    );
  }
}

async function main() {
  const started = performance.now();
  const engine = await openEngine();
  const dataDir = mkdtempSync(join(tmpdir(), "slotted-bench-"));
  try {
    await migrate(engine.database);
    const fixture = await seed(engine.database);
    await engine.database.db.execute(sql`analyze`);
    const config = {
      ...loadConfig({
        SESSION_SECRET: "bench-secret-bench-secret-bench-secret!",
        DATA_DIR: dataDir,
      }),
      publicUrl: "http://127.0.0.1",
    };
    const app = await buildApp(
      { config, database: engine.database, clock: () => NOW },
      { logger: false, serveClient: false },
    );
    const base = await app.listen({ host: "127.0.0.1", port: 0 });
    const window = `start=${WINDOW.start}&end=${WINDOW.end}&timezone=Europe/Berlin`;
    const cases = [
      { label: "GET /api/health", target: TARGETS.health, url: `${base}/api/health` },
      {
        label: `one-on-one, ${ONE_ON_ONE_EVENTS} events in window`,
        target: TARGETS.oneOnOne,
        url: `${base}/api/timetable?userLink=solo-1&eventTypeLink=intro&${window}`,
      },
      {
        label: `one-on-one, ${ONE_ON_ONE_EVENTS} + ${EXTERNAL_EVENTS} calendar events`,
        target: TARGETS.oneOnOne,
        url: `${base}/api/timetable?userLink=synced-1&eventTypeLink=intro&${window}`,
      },
      {
        label: `round robin, ${ROUND_ROBIN_HOSTS} hosts, ${ROUND_ROBIN_EVENTS} events in window`,
        target: TARGETS.roundRobin,
        url: `${base}/api/timetable-by-shared-link?sharedLink=bench-rr&${window}`,
      },
    ];
    const client = new Worker(CLIENT, { eval: true });
    const run = async () => {
      const rows: Row[] = [];
      for (const c of cases) {
        rows.push({ label: c.label, target: c.target, ...(await measure(client, c.url)) });
      }
      return rows;
    };

    console.log(`engine: ${engine.name}`);
    // Latency on a shared machine depends on what else runs: say how busy it was.
    const load = () => loadavg()[0]!.toFixed(1);
    console.log(`machine: ${availableParallelism()} cores, load average ${load()} at start`);
    console.log(
      `now ${NOW.toISOString()}, window ${WINDOW.start}..${WINDOW.end} (Europe/Berlin), ${RUNS} sequential requests per case after warm-up, keep-alive fetch from a client thread`,
    );
    for (let round = 0; round < WARMUP_ROUNDS; round++) {
      for (const c of cases)
        await measure(client, c.url, { warmup: WARMUP / WARMUP_ROUNDS, runs: 1 });
    }
    const before = await run();
    const seeding = performance.now();
    await seedOutside(engine.database, fixture);
    const seededIn = ((performance.now() - seeding) / 1000).toFixed(1);
    const after = await run();
    await client.terminate();
    await app.close();

    printTable(`events in window only (${ONE_ON_ONE_EVENTS + ROUND_ROBIN_EVENTS} events)`, before);
    printTable(
      `after adding ${OUTSIDE_EVENTS.toLocaleString("en")} events outside the window on the same hosts (seeded in ${seededIn} s)`,
      after,
    );
    console.log(
      `\ntotal ${((performance.now() - started) / 1000).toFixed(1)} s, load average ${load()} at the end`,
    );
    const missed = [...before, ...after].some((r) => r.target !== null && r.p50 > r.target);
    if (missed) process.exitCode = 1;
  } finally {
    await engine.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
