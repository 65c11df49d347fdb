// Timetable latency over real HTTP, beside /api/health (the floor: a request that does no work):
// a month window of a one-on-one event type (200 events in it), the same with 500 events synced
// from the host's calendar as well, and of a 20-host round robin (1,000 events in it); then again
// after 100,000 events outside the window. Each timetable is measured warm (its hosts' busy time
// unchanged since the last request: the server's cache answers) and cold (a host's busy time
// changed just before each request, as a booking does: the server computes), twice: by a meeting
// on a Saturday, which leaves the slots as they were, and by one that takes an offered time. On
// PGlite in memory, then on PostgreSQL when DATABASE_URL or TEST_DATABASE_URL is set (in a scratch
// database created and dropped here). Sequential requests; p50 and p95 in ms, and p50 as a multiple of the p50 of
// health requests timed alternately with the row's own.
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
// parsing must not queue behind the server on one event loop. It times `runs` requests, each
// after a request to `health` when given (the floor, timed side by side: a machine's speed drifts
// over the seconds a table takes), or with `step` one request each time it is told to (after the
// main thread changed busy time).
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
parentPort.on("message", async ({ url, health, warmup, runs, step }) => {
  if (step) return parentPort.postMessage({ times: [await once(url)], healthTimes: [], slots });
  for (let i = 0; i < warmup; i++) await once(url);
  const times = [];
  const healthTimes = [];
  for (let i = 0; i < runs; i++) {
    if (health) healthTimes.push(await once(health));
    times.push(await once(url));
  }
  parentPort.postMessage({ times, healthTimes, slots });
});
`;

interface Timed {
  times: number[];
  healthTimes: number[];
  slots: number;
}

function ask(client: Worker, message: object): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const done = (result: Timed) => {
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
  /** p50 of the health requests timed alternately with these. */
  health: number;
}

const quantile = (times: number[], q: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

function figures(times: number[], healthTimes: number[], slots: number): Figures {
  return {
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    slots,
    health: healthTimes.length > 0 ? quantile(healthTimes, 0.5) : quantile(times, 0.5),
  };
}

/** `url` timed `runs` times, each after a request to `health` when given. */
async function measureWarm(
  client: Worker,
  url: string,
  health: string | null,
  warmup = 50,
  runs = RUNS,
) {
  const { times, healthTimes, slots } = await ask(client, { url, health, warmup, runs });
  return figures(times, healthTimes, slots);
}

/** A meeting whose host_busy row the cold runs toggle, as a booking and its cancellation do. */
interface ColdChange {
  hostId: string;
  eventId: string;
  /** ISO instants. */
  start: string;
  end: string;
}

/**
 * Each request right after a change of a host's busy time, as a booking makes: `change`'s meeting
 * comes and goes; a request to `health` before each change.
 */
async function measureCold(
  client: Worker,
  database: Database,
  url: string,
  health: string,
  change: ColdChange,
) {
  const { hostId, eventId, start, end } = change;
  const times: number[] = [];
  const healthTimes: number[] = [];
  let slots = 0;
  for (let i = 0; i < COLD_RUNS + 10; i++) {
    const floor = await ask(client, { url: health, step: true });
    if (i >= 10) healthTimes.push(floor.times[0]!);
    if (i % 2 === 0) {
      await database.db.execute(sql`
        insert into host_busy (host_id, event_id, during)
        values (${hostId}::uuid, ${eventId}::uuid, tstzrange(${start}::timestamptz, ${end}::timestamptz))`);
    } else {
      await database.db.execute(
        sql`delete from host_busy where event_id = ${eventId}::uuid and host_id = ${hostId}::uuid`,
      );
    }
    const result = await ask(client, { url, step: true });
    slots = result.slots;
    if (i >= 10) times.push(result.times[0]!);
  }
  return figures(times, healthTimes, slots);
}

/**
 * The two changes the cold runs make for `hostId`: a meeting on a Saturday of the window (outside
 * working hours: the slots stay the same), and one on a time `url` offers on Tuesday 12 March
 * that the host is free at (it takes that slot, for a one-on-one).
 */
async function coldChanges(
  database: Database,
  base: string,
  url: string,
  eventTypeId: string,
  hostId: string,
): Promise<{ outside: ColdChange; slot: ColdChange }> {
  const meeting = async (start: string, end: string): Promise<ColdChange> => {
    const result = await database.db.execute<{ id: string }>(sql`
      insert into events (event_type_id, status, start_at, end_at, title)
      values (${eventTypeId}::uuid, 'CONFIRMED', ${start}::timestamptz, ${end}::timestamptz, 'Bench')
      returning id`);
    return { hostId, eventId: result.rows[0]!.id, start, end };
  };
  const body = (await (await fetch(`${base}${url}`)).json()) as {
    timetable: { date: string; slots: Record<string, { start: string }> }[];
  };
  const offered = Object.values(
    body.timetable.find((day) => day.date === "2030-03-12")?.slots ?? {},
  ).map((slot) => slot.start);
  for (const start of offered) {
    const end = new Date(Date.parse(start) + 30 * 60_000).toISOString();
    const busy = await database.db.execute(sql`
      select 1 from host_busy where host_id = ${hostId}::uuid
        and during && tstzrange(${start}::timestamptz, ${end}::timestamptz)`);
    if (busy.rows.length === 0) {
      return {
        outside: await meeting("2030-03-02T10:00:00Z", "2030-03-02T10:30:00Z"),
        slot: await meeting(start, end),
      };
    }
  }
  throw new Error(`${url}: no free time of the host offered on 2030-03-12`);
}

type Row = { label: string; target: number | null } & Figures;

/** Whether a row is within its target: its p50 against the health p50 timed beside it. */
const withinTarget = (row: Row) => row.target === null || row.p50 / row.health <= row.target;

/**
 * Each row's p50 against the health p50 timed alternately with it ("beside", what the targets
 * apply to) and against the health row timed alone at the table's start ("alone": a loop of
 * nothing but health requests runs hotter than one alternating with real work).
 */
function printTable(title: string, rows: Row[]) {
  const alone = rows[0]!.p50;
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(60) : c.padStart(8))).join(" | ")} |`;
  console.log(`\n${title}`);
  console.log(
    line([
      "request (month window, sequential)",
      "p50 ms",
      "p95 ms",
      "health",
      "× beside",
      "× alone",
      "target",
      "slots",
      "ok",
    ]),
  );
  console.log(line(["-".repeat(60), ...Array(8).fill("-".repeat(8))]));
  for (const row of rows) {
    const floor = row.target === null;
    console.log(
      line([
        row.label,
        row.p50.toFixed(2),
        row.p95.toFixed(2),
        row.health.toFixed(2),
        (row.p50 / row.health).toFixed(1),
        (row.p50 / alone).toFixed(1),
        floor ? "" : `<= ${row.target}×`,
        floor ? "" : String(row.slots),
        floor ? "" : withinTarget(row) ? "yes" : "NO",
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
    const health = `${base}/api/health`;
    const cases = [
      {
        label: `one-on-one, ${ONE_ON_ONE_EVENTS} events in window`,
        target: TARGETS.oneOnOne,
        url: `/api/timetable?userLink=solo-1&eventTypeLink=intro&${window}`,
        typeId: fixture.oneOnOneId,
        host: fixture.solo,
      },
      {
        label: `one-on-one, ${ONE_ON_ONE_EVENTS} + ${EXTERNAL_EVENTS} calendar events`,
        target: TARGETS.oneOnOne,
        url: `/api/timetable?userLink=synced-1&eventTypeLink=intro&${window}`,
        typeId: fixture.syncedTypeId,
        host: fixture.synced,
      },
      {
        label: `round robin, ${ROUND_ROBIN_HOSTS} hosts, ${ROUND_ROBIN_EVENTS} events`,
        target: TARGETS.roundRobin,
        url: `/api/timetable-by-shared-link?sharedLink=bench-rr&${window}`,
        typeId: fixture.roundRobinId,
        host: fixture.team[0]!,
      },
    ];
    const changes = await Promise.all(
      cases.map((c) => coldChanges(engine.database, base, c.url, c.typeId, c.host)),
    );
    const client = new Worker(CLIENT, { eval: true });
    const run = async () => {
      const rows: Row[] = [
        { label: "GET /api/health", target: null, ...(await measureWarm(client, health, null)) },
      ];
      for (const [i, c] of cases.entries()) {
        const url = `${base}${c.url}`;
        rows.push({
          label: `${c.label}, warm`,
          target: c.target,
          ...(await measureWarm(client, url, health)),
        });
        rows.push({
          label: `${c.label}, cold`,
          target: c.target,
          ...(await measureCold(client, engine.database, url, health, changes[i]!.outside)),
        });
        rows.push({
          label: `${c.label}, cold, a slot taken`,
          target: c.target,
          ...(await measureCold(client, engine.database, url, health, changes[i]!.slot)),
        });
      }
      return rows;
    };

    console.log(`\nengine: ${engine.name}`);
    for (let round = 0; round < WARMUP_ROUNDS; round++) {
      await measureWarm(client, health, null, WARMUP / WARMUP_ROUNDS, 1);
      for (const [i, c] of cases.entries()) {
        const url = `${base}${c.url}`;
        await measureWarm(client, url, null, WARMUP / WARMUP_ROUNDS / 2, 1);
        // The cold path too: the computation must be as warm as a busy server's.
        await measureCold(client, engine.database, url, health, changes[i]!.outside);
        await measureCold(client, engine.database, url, health, changes[i]!.slot);
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
    return [...before, ...after].every(withinTarget);
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
