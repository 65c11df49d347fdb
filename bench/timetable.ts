// Timetable latency over real HTTP, beside /api/health (the floor: a request that does no work):
// a month window of a one-on-one event type (200 events in it), the same with 500 events synced
// from the host's calendar as well, and of a 20-host round robin (1,000 events in it); then again
// after 100,000 events outside the window. Each timetable is measured warm (its hosts' busy time
// unchanged since the last request: the server's cache answers) and cold (a host's busy time
// changed just before each request, as a booking does: the server computes). On PGlite in memory,
// then on PostgreSQL when DATABASE_URL or TEST_DATABASE_URL is set (in a scratch database created
// and dropped here). Sequential requests; p50 and p95 in ms, and p50 as a multiple of health's.
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { sql } from "drizzle-orm";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import type { Database } from "../server/db/database";
import { migrate } from "../server/db/migrate";
import {
  type Engine,
  EXTERNAL_EVENTS,
  ONE_ON_ONE_EVENTS,
  OUTSIDE_EVENTS,
  openEngine,
  ROUND_ROBIN_EVENTS,
  ROUND_ROBIN_HOSTS,
  seed,
  seedOutside,
  WINDOW,
} from "./fixtures/timetableFixture";

const NOW = new Date("2030-02-15T09:00:00Z");
// The server warms up over its first thousands of requests (V8 tiers hot JavaScript and PGlite's
// WebAssembly up to optimised code), and a production server is warm: all cases take WARMUP
// requests, in WARMUP_ROUNDS rounds, before any is measured, and each measurement starts with a few
// more.
const WARMUP = 1500;
const WARMUP_ROUNDS = 3;
const RUNS = 400;
// Cold requests each follow a write, so fewer of them.
const COLD_RUNS = 150;
// Issue 18: p50 within these multiples of health's p50, warm and cold.
const TARGETS = { oneOnOne: 3, roundRobin: 6 } as const;

// The client runs on a thread of its own, as a browser would on another machine: its fetch and
// parsing must not queue behind the server on one event loop. It times `runs` requests, or with
// `step` one request each time it is told to (after the main thread changed busy time).
const CLIENT = `
const { parentPort } = require("node:worker_threads");
let slots = 0;
const once = async (url) => {
  const started = performance.now();
  const response = await fetch(url);
  const text = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(url + ": " + response.status + " " + text);
  slots = (text.match(/"start":/g) || []).length;
  return ms;
};
parentPort.on("message", async ({ url, warmup, runs, step }) => {
  if (step) return parentPort.postMessage({ times: [await once(url)], slots });
  for (let i = 0; i < warmup; i++) await once(url);
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await once(url));
  parentPort.postMessage({ times, slots });
});
`;

function ask(client: Worker, message: object): Promise<{ times: number[]; slots: number }> {
  return new Promise((resolve, reject) => {
    const done = (result: { times: number[]; slots: number }) => {
      client.off("error", reject);
      resolve(result);
    };
    client.once("message", done);
    client.once("error", reject);
    client.postMessage(message);
  });
}

interface Figures {
  p50: number;
  p95: number;
  slots: number;
}

function figures(times: number[], slots: number): Figures {
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p95: at(0.95), slots };
}

async function measureWarm(client: Worker, url: string, warmup = 50, runs = RUNS) {
  const { times, slots } = await ask(client, { url, warmup, runs });
  return figures(times, slots);
}

/**
 * Each request right after a change of `hostId`'s busy time, as a booking makes: a meeting on a
 * Saturday of the window (outside working hours, so the slots stay the same) comes and goes.
 */
async function measureCold(
  client: Worker,
  database: Database,
  url: string,
  hostId: string,
  eventId: string,
) {
  const times: number[] = [];
  let slots = 0;
  for (let i = 0; i < COLD_RUNS + 10; i++) {
    if (i % 2 === 0) {
      await database.db.execute(sql`
        insert into host_busy (host_id, event_id, during)
        values (${hostId}::uuid, ${eventId}::uuid, tstzrange('2030-03-02T10:00:00Z', '2030-03-02T10:30:00Z'))`);
    } else {
      await database.db.execute(
        sql`delete from host_busy where event_id = ${eventId}::uuid and host_id = ${hostId}::uuid`,
      );
    }
    const result = await ask(client, { url, step: true });
    slots = result.slots;
    if (i >= 10) times.push(result.times[0]!);
  }
  return figures(times, slots);
}

/** A cancelled Saturday meeting of `eventTypeId` whose host_busy row the cold runs toggle. */
async function saturdayEvent(database: Database, eventTypeId: string): Promise<string> {
  const result = await database.db.execute<{ id: string }>(sql`
    insert into events (event_type_id, status, start_at, end_at, title)
    values (${eventTypeId}::uuid, 'CONFIRMED', '2030-03-02T10:00:00Z', '2030-03-02T10:30:00Z', 'Bench')
    returning id`);
  return result.rows[0]!.id;
}

type Row = { label: string; target: number | null } & Figures;

function printTable(title: string, rows: Row[]) {
  const health = rows[0]!.p50;
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(52) : c.padStart(8))).join(" | ")} |`;
  console.log(`\n${title}`);
  console.log(
    line([
      "request (month window, sequential)",
      "p50 ms",
      "p95 ms",
      "× health",
      "target",
      "slots",
      "ok",
    ]),
  );
  console.log(line(["-".repeat(52), ...Array(6).fill("-".repeat(8))]));
  for (const row of rows) {
    const ratio = row.p50 / health;
    const ok = row.target === null ? "" : ratio <= row.target ? "yes" : "NO";
    console.log(
      line([
        row.label,
        row.p50.toFixed(2),
        row.p95.toFixed(2),
        row === rows[0] ? "1.0" : ratio.toFixed(1),
        row.target === null ? "" : `<= ${row.target}×`,
        row === rows[0] ? "" : String(row.slots),
        ok,
      ]),
    );
  }
}

async function runOn(engine: Engine): Promise<boolean> {
  const dataDir = mkdtempSync(join(tmpdir(), "slotted-bench-"));
  try {
    await migrate(engine.database);
    const fixture = await seed(engine.database);
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
    const soloEvent = await saturdayEvent(engine.database, fixture.oneOnOneId);
    const syncedEvent = await saturdayEvent(engine.database, fixture.syncedTypeId);
    const teamEvent = await saturdayEvent(engine.database, fixture.roundRobinId);
    const health = `${base}/api/health`;
    const cases = [
      {
        label: `one-on-one, ${ONE_ON_ONE_EVENTS} events in window`,
        target: TARGETS.oneOnOne,
        url: `${base}/api/timetable?userLink=solo-1&eventTypeLink=intro&${window}`,
        host: fixture.solo,
        event: soloEvent,
      },
      {
        label: `one-on-one, ${ONE_ON_ONE_EVENTS} + ${EXTERNAL_EVENTS} calendar events`,
        target: TARGETS.oneOnOne,
        url: `${base}/api/timetable?userLink=synced-1&eventTypeLink=intro&${window}`,
        host: fixture.synced,
        event: syncedEvent,
      },
      {
        label: `round robin, ${ROUND_ROBIN_HOSTS} hosts, ${ROUND_ROBIN_EVENTS} events`,
        target: TARGETS.roundRobin,
        url: `${base}/api/timetable-by-shared-link?sharedLink=bench-rr&${window}`,
        host: fixture.team[0]!,
        event: teamEvent,
      },
    ];
    const client = new Worker(CLIENT, { eval: true });
    const run = async () => {
      const rows: Row[] = [
        { label: "GET /api/health", target: null, ...(await measureWarm(client, health)) },
      ];
      for (const c of cases) {
        rows.push({
          label: `${c.label}, warm`,
          target: c.target,
          ...(await measureWarm(client, c.url)),
        });
        rows.push({
          label: `${c.label}, cold`,
          target: c.target,
          ...(await measureCold(client, engine.database, c.url, c.host, c.event)),
        });
      }
      return rows;
    };

    console.log(`\nengine: ${engine.name}`);
    for (let round = 0; round < WARMUP_ROUNDS; round++) {
      await measureWarm(client, health, WARMUP / WARMUP_ROUNDS, 1);
      for (const c of cases) {
        await measureWarm(client, c.url, WARMUP / WARMUP_ROUNDS / 2, 1);
        // The cold path too: the computation must be as warm as a busy server's.
        await measureCold(client, engine.database, c.url, c.host, c.event);
      }
    }
    const before = await run();
    const seeding = performance.now();
    await seedOutside(engine.database, fixture);
    const seededIn = ((performance.now() - seeding) / 1000).toFixed(1);
    const after = await run();
    await client.terminate();
    await app.close();

    printTable(
      `events in window only (${ONE_ON_ONE_EVENTS * 2 + ROUND_ROBIN_EVENTS} events)`,
      before,
    );
    printTable(
      `after adding ${OUTSIDE_EVENTS.toLocaleString("en")} events outside the window on the same hosts (seeded in ${seededIn} s)`,
      after,
    );
    const health0 = before[0]!.p50;
    const health1 = after[0]!.p50;
    return [
      ...before.map((r) => [r, health0] as const),
      ...after.map((r) => [r, health1] as const),
    ].every(([r, h]) => r.target === null || r.p50 / h <= r.target);
  } finally {
    await engine.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const started = performance.now();
  // Latency on a shared machine depends on what else runs: say how busy it was.
  const load = () => loadavg()[0]!.toFixed(1);
  console.log(`machine: ${availableParallelism()} cores, load average ${load()} at start`);
  console.log(
    `now ${NOW.toISOString()}, window ${WINDOW.start}..${WINDOW.end} (Europe/Berlin), ${RUNS} warm and ${COLD_RUNS} cold sequential requests per case after warm-up, keep-alive fetch from a client thread`,
  );
  let ok = await runOn(await openEngine(""));
  const url = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (url) ok = (await runOn(await openEngine(url))) && ok;
  else console.log("\nPostgreSQL: skipped (set DATABASE_URL or TEST_DATABASE_URL)");
  console.log(
    `\ntotal ${((performance.now() - started) / 1000).toFixed(1)} s, load average ${load()} at the end`,
  );
  if (!ok) process.exitCode = 1;
}

await main();
