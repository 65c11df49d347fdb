// Resident memory of one server process (server/main.ts, bundled as `npm start` runs it): idle
// after start on a fresh data directory, after 5,000 bookings, every 10 s through 60 s of load
// (timetable reads on 10 connections while 20 bookings a second are made), and idle again after a
// restart on the same data. On PGlite (the embedded default, issue 33: at most 250 MB idle and
// 400 MB after 5,000 bookings, no growth under load) and on PostgreSQL for comparison (the
// server's own memory; the database's is elsewhere). BENCH_ENGINES=pglite or =postgres runs one.
// Run with `npx tsx bench/memory.ts`.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import {
  buildServerBundle,
  hostWithEventType,
  type Server,
  startServer,
} from "./support/benchServer";

const BOOKINGS = 5_000;
const HOSTS = 10;
const LOAD_SECONDS = 60;
const LOAD_BOOKINGS_PER_SECOND = 20;
const TIMETABLE_CONNECTIONS = 10;
const TARGET_IDLE_MB = 250;
const TARGET_LOADED_MB = 400;
const DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";

/** Resident and peak resident memory of a process, in MB (Linux /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** RSS once the process has settled: the median of 5 samples over 2 s, after `settleMs`. */
async function settledRss(pid: number, settleMs = 3000): Promise<number> {
  await wait(settleMs);
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) {
    samples.push(memoryOf(pid).rss);
    await wait(500);
  }
  return samples.sort((a, b) => a - b)[2]!;
}

/** A host's n-th 15-minute slot, spread over 300 days from two days ahead at 09:00 UTC. */
function slot(n: number): string {
  const start = new Date();
  start.setUTCHours(9, 0, 0, 0);
  start.setUTCDate(start.getUTCDate() + 2 + (n % 300));
  return new Date(start.getTime() + Math.floor(n / 300) * 15 * 60_000).toISOString();
}

function bookingBody(hosts: string[], i: number) {
  return JSON.stringify({
    userLink: hosts[i % hosts.length],
    eventTypeLink: "bench",
    start: slot(Math.floor(i / hosts.length)),
    timezone: "UTC",
    name: `Invitee ${i}`,
    email: `invitee${i}@example.com`,
  });
}

interface Counts {
  byStatus: Map<number, number>;
}

function count(counts: Counts, status: number) {
  counts.byStatus.set(status, (counts.byStatus.get(status) ?? 0) + 1);
}

/** Runs autocannon and counts responses by status. */
function cannon(options: Parameters<typeof autocannon>[0], counts: Counts): Promise<void> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error: Error | null) =>
      error ? reject(error) : resolve(),
    );
    instance.on("response", (_client: unknown, status: number) => count(counts, status));
  });
}

const bookingRequest = (hosts: string[], next: () => number) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  requests: [
    {
      setupRequest: (request: Record<string, unknown>) => ({
        ...request,
        body: bookingBody(hosts, next()),
      }),
    },
  ],
});

interface Row {
  engine: string;
  [column: string]: string | number;
}

async function measure(engine: "pglite" | "postgres", bundle: string): Promise<Row> {
  const dir = mkdtempSync(join(tmpdir(), "slotted-bench-memory-"));
  let env: Record<string, string> = { DATA_DIR: dir, DATABASE_URL: "" };
  let dropDatabase = async () => {};
  let label = "PGlite";
  if (engine === "postgres") {
    const url = process.env.DATABASE_URL || DEFAULT_POSTGRES;
    const name = `slotted_bench_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    env = { DATA_DIR: dir, DATABASE_URL: dbUrl.toString() };
    dropDatabase = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
    label = "PostgreSQL (server process only)";
  }
  // Thousands of bookings from one address: the bench measures memory, not the rate limits.
  env = { ...env, BOOKING_LIMIT_PER_IP: "0", BOOKING_LIMIT_PER_EVENT_TYPE: "0" };
  let server: Server | null = null;
  try {
    server = await startServer(bundle, env);
    const row: Row = { engine: label };
    row["idle MB"] = Math.round(await settledRss(server.pid));

    const hosts: string[] = [];
    for (let h = 0; h < HOSTS; h++) {
      hosts.push((await hostWithEventType(server.base, `mem${h}`)).username);
    }
    let next = 0;
    const made: Counts = { byStatus: new Map() };
    await cannon(
      {
        url: `${server.base}/api/event`,
        connections: 10,
        amount: BOOKINGS,
        timeout: 60,
        ...bookingRequest(hosts, () => next++),
      },
      made,
    );
    row["5,000 bookings: 201"] = made.byStatus.get(201) ?? 0;
    row[`after ${BOOKINGS.toLocaleString("en")} MB`] = Math.round(await settledRss(server.pid));

    // 60 s of load: a month's timetable of each host on 10 connections, 20 bookings a second.
    const month = new Date(slot(0));
    const start = month.toISOString().slice(0, 10);
    const end = new Date(month.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(memoryOf(server!.pid).rss), 10_000);
    const read: Counts = { byStatus: new Map() };
    const booked: Counts = { byStatus: new Map() };
    let host = 0;
    await Promise.all([
      cannon(
        {
          url: server.base,
          connections: TIMETABLE_CONNECTIONS,
          duration: LOAD_SECONDS,
          requests: [
            {
              setupRequest: (request: Record<string, unknown>) => ({
                ...request,
                method: "GET",
                path: `/api/timetable?${new URLSearchParams({
                  userLink: hosts[host++ % hosts.length]!,
                  eventTypeLink: "bench",
                  start,
                  end,
                  timezone: "UTC",
                })}`,
              }),
            },
          ],
        },
        read,
      ),
      cannon(
        {
          url: `${server.base}/api/event`,
          connections: 2,
          overallRate: LOAD_BOOKINGS_PER_SECOND,
          duration: LOAD_SECONDS,
          timeout: 60,
          ...bookingRequest(hosts, () => next++),
        },
        booked,
      ),
    ]);
    clearInterval(sampler);
    samples.forEach((mb, i) => {
      row[`load ${(i + 1) * 10}s MB`] = Math.round(mb);
    });
    row["timetables read"] = read.byStatus.get(200) ?? 0;
    const failed = [...read.byStatus, ...booked.byStatus]
      .filter(([status]) => status >= 500)
      .reduce((sum, [, n]) => sum + n, 0);
    row["5xx"] = failed;
    row["peak MB"] = Math.round(memoryOf(server.pid).peak);
    await server.stop();
    server = null;

    // What an operator sees most: a restart on the data just made.
    server = await startServer(bundle, env);
    row["idle after restart MB"] = Math.round(await settledRss(server.pid));
    return row;
  } finally {
    await server?.stop();
    await dropDatabase();
    rmSync(dir, { recursive: true, force: true });
  }
}

const bundle = await buildServerBundle();
const engines = (process.env.BENCH_ENGINES ?? "pglite,postgres").split(",");
const rows: Row[] = [];
for (const engine of ["pglite", "postgres"] as const) {
  if (!engines.includes(engine)) continue;
  try {
    rows.push(await measure(engine, bundle));
  } catch (error) {
    console.log(`${engine} skipped: ${(error as Error).message}`);
  }
}
console.log(
  `\nbench/memory: server RSS (load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}; a shared machine: figures taken under others' load)`,
);
console.log(
  `targets (PGlite): idle ≤ ${TARGET_IDLE_MB} MB, after ${BOOKINGS.toLocaleString("en")} bookings ≤ ${TARGET_LOADED_MB} MB, no growth under load`,
);
for (const row of rows) {
  console.log(`\n${row.engine}`);
  for (const [key, value] of Object.entries(row))
    if (key !== "engine") console.log(`  ${key}: ${value}`);
}
