// Booking throughput over real HTTP against one real server process (server/main.ts, bundled
// as `npm start` runs it), on PGlite (a fresh data directory) and on PostgreSQL (a scratch
// database created and dropped here, on DATABASE_URL or postgres://postgres@127.0.0.1:5432).
// Load comes from autocannon in this process. Two cases:
//   distinct: 10 connections booking distinct slots of 10 hosts (every booking succeeds);
//             bookings per second.
//   contention: 100 requests for one slot at once, 5 rounds; winners per round and latency.
// Beside the latencies it prints the CPU each request cost the server, the PostgreSQL backends
// and this client (from /proc), which, unlike the rates, does not depend on what else runs.
// Run with `npx tsx bench/booking.ts` (BENCH_ENGINES=pglite or =postgres to run one engine,
// BENCH_ONLY=distinct or =contention one case, BENCH_CPU_PROF=<dir> to profile the server).
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import {
  buildServerBundle,
  hostWithEventType,
  type Server,
  startServer,
} from "./support/benchServer";

const CLIENTS = 10;
const DISTINCT_BOOKINGS = 3000;
const WARMUP_BOOKINGS = 200;
const CONTENTION_REQUESTS = 100;
const CONTENTION_ROUNDS = 5;
const TARGET_PER_SECOND = 300;
const TARGET_P95_MS = 200;
const DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";
const SLOT_MINUTES = 15;

interface Row {
  engine: string;
  scenario: string;
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  created: number;
  conflicts: number;
  errors: number;
  /** CPU ms per request: server process, database backends (PostgreSQL only), this client. */
  cpu: { server: number; database: number; client: number };
}

/** Where a scenario runs: the server, and the PostgreSQL database name (null on PGlite). */
interface Target {
  engine: string;
  server: Server;
  database: string | null;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

const CLOCK_TICKS = 100;

/** CPU seconds (user + system) of a process, from /proc (Linux); 0 elsewhere. */
function processCpu(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** CPU seconds of each PostgreSQL backend serving `database` (found by process title). */
function backendsCpu(database: string | null): Map<number, number> {
  const byPid = new Map<number, number>();
  if (database === null) return byPid;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (title.includes(` ${database} `)) byPid.set(Number(entry), processCpu(Number(entry)));
    } catch {
      // gone meanwhile
    }
  }
  return byPid;
}

interface CpuSample {
  server: number;
  database: Map<number, number>;
  client: number;
}

function sampleCpu(server: Server, database: string | null): CpuSample {
  const own = process.cpuUsage();
  return {
    server: processCpu(server.pid),
    database: backendsCpu(database),
    client: (own.user + own.system) / 1e6,
  };
}

/**
 * CPU ms per request spent by the server, the database backends and the load client. A backend
 * that exits between the samples is not counted (the pool keeps them open while busy).
 */
function cpuPerRequest(before: CpuSample, after: CpuSample, requests: number) {
  let database = 0;
  for (const [pid, cpu] of after.database) database += cpu - (before.database.get(pid) ?? 0);
  const per = (seconds: number) => (seconds * 1000) / requests;
  return {
    server: per(after.server - before.server),
    database: per(database),
    client: per(after.client - before.client),
  };
}

const SPREAD_DAYS = 300;

/**
 * A host's n-th slot: spread over the next SPREAD_DAYS days (from 09:00 UTC, two days ahead),
 * so a host's calendar fills as real ones do, a few meetings a day, not one solid block.
 */
function slot(n: number): string {
  const start = new Date();
  start.setUTCHours(9, 0, 0, 0);
  start.setUTCDate(start.getUTCDate() + 2 + (n % SPREAD_DAYS));
  const minutes = Math.floor(n / SPREAD_DAYS) * SLOT_MINUTES;
  return new Date(start.getTime() + minutes * 60_000).toISOString();
}

function bookingBody(username: string, start: string, i: number) {
  return {
    userLink: username,
    eventTypeLink: "bench",
    start,
    timezone: "UTC",
    name: `Invitee ${i}`,
    email: `invitee${i}@example.com`,
  };
}

interface LoadResult {
  results: { status: number; ms: number }[];
  seconds: number;
}

/**
 * Fires `amount` bookings over `connections` keep-alive connections with autocannon (a light
 * load generator, so the client takes little of the machine's two cores from the server);
 * request i sends body(i).
 */
function load(
  base: string,
  connections: number,
  amount: number,
  body: (i: number) => unknown,
): Promise<LoadResult> {
  let next = 0;
  const results: { status: number; ms: number }[] = [];
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${base}/api/event`,
        connections,
        amount,
        timeout: 60,
        method: "POST",
        headers: { "content-type": "application/json" },
        requests: [
          {
            setupRequest: (request: Record<string, unknown>) => ({
              ...request,
              body: JSON.stringify(body(next++)),
            }),
          },
        ],
      },
      (error: Error | null) => {
        if (error) reject(error);
        else resolve({ results, seconds: (performance.now() - started) / 1000 });
      },
    );
    instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
      results.push({ status, ms });
    });
  });
}

function summarize(
  engine: string,
  scenario: string,
  results: { status: number; ms: number }[],
  seconds: number,
  cpu: Row["cpu"],
): Row {
  const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
  return {
    cpu,
    engine,
    scenario,
    requests: results.length,
    seconds,
    perSecond: results.length / seconds,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    created: results.filter((r) => r.status === 201).length,
    conflicts: results.filter((r) => r.status === 409).length,
    errors: results.filter((r) => r.status >= 500 || r.status < 200).length,
  };
}

async function distinct({ engine, server, database }: Target): Promise<Row> {
  const { base } = server;
  const hosts: { username: string }[] = [];
  for (let c = 0; c < CLIENTS; c++) hosts.push(await hostWithEventType(base, `bench-d${c}`));
  // Request i books host i mod CLIENTS at that host's slot i div CLIENTS: every slot distinct.
  const body = (offset: number) => (i: number) =>
    bookingBody(
      hosts[(offset + i) % CLIENTS]!.username,
      slot(Math.floor((offset + i) / CLIENTS)),
      offset + i,
    );
  await load(base, CLIENTS, WARMUP_BOOKINGS, body(0));
  const cpuBefore = sampleCpu(server, database);
  const { results, seconds } = await load(base, CLIENTS, DISTINCT_BOOKINGS, body(WARMUP_BOOKINGS));
  const cpu = cpuPerRequest(cpuBefore, sampleCpu(server, database), results.length);
  return summarize(engine, `distinct slots, ${CLIENTS} clients`, results, seconds, cpu);
}

async function contention({ engine, server, database }: Target): Promise<Row> {
  const { base } = server;
  const host = await hostWithEventType(base, "bench-c");
  const cpuBefore = sampleCpu(server, database);
  const all: { status: number; ms: number }[] = [];
  let seconds = 0;
  let counter = 0;
  const winners: number[] = [];
  for (let round = 0; round < CONTENTION_ROUNDS; round++) {
    const start = slot(round);
    const { results, seconds: taken } = await load(
      base,
      CONTENTION_REQUESTS,
      CONTENTION_REQUESTS,
      () => bookingBody(host.username, start, counter++),
    );
    seconds += taken;
    winners.push(results.filter((r) => r.status === 201).length);
    if (process.env.BENCH_VERBOSE) {
      const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
      console.error(
        `round ${round}: p50 ${percentile(sorted, 0.5).toFixed(0)} p95 ${percentile(sorted, 0.95).toFixed(0)} max ${sorted.at(-1)!.toFixed(0)} ms`,
      );
    }
    all.push(...results);
  }
  const cpu = cpuPerRequest(cpuBefore, sampleCpu(server, database), all.length);
  const row = summarize(
    engine,
    `one slot, ${CONTENTION_REQUESTS} at once ×${CONTENTION_ROUNDS}`,
    all,
    seconds,
    cpu,
  );
  if (winners.some((w) => w !== 1)) console.error(`winners per round: ${winners.join(", ")}`);
  return row;
}

async function withEngine(name: "pglite" | "postgres", bundle: string, rows: Row[]) {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let label: string;
  let databaseName: string | null = null;
  if (name === "pglite") {
    const dir = mkdtempSync(join(tmpdir(), "slotted-bench-"));
    env = { DATA_DIR: dir, DATABASE_URL: "" };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
    label = "PGlite";
  } else {
    const url = process.env.DATABASE_URL || DEFAULT_POSTGRES;
    const database = `slotted_bench_${randomBytes(4).toString("hex")}`;
    databaseName = database;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${database}`);
    const { rows: version } = await admin.query<{ v: string }>(
      "select current_setting('server_version') as v",
    );
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${database}`;
    const dir = mkdtempSync(join(tmpdir(), "slotted-bench-"));
    env = { DATA_DIR: dir, DATABASE_URL: dbUrl.toString() };
    cleanup = async () => {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    };
    label = `PostgreSQL ${version[0]?.v.split(" ")[0] ?? ""}`;
  }
  // Thousands of bookings from one address: the bench measures booking, not its rate limits.
  const server = await startServer(bundle, {
    ...env,
    BOOKING_LIMIT_PER_IP: "0",
    BOOKING_LIMIT_PER_EVENT_TYPE: "0",
  });
  try {
    const only = process.env.BENCH_ONLY;
    const target = { engine: label, server, database: databaseName };
    if (only !== "contention") rows.push(await distinct(target));
    if (only !== "distinct") rows.push(await contention(target));
  } finally {
    await server.stop();
    await cleanup();
  }
}

function printTable(rows: Row[]) {
  const header = [
    "engine",
    "case",
    "requests",
    "seconds",
    "bookings/s",
    "p50 ms",
    "p95 ms",
    "201",
    "409",
    "5xx",
    "CPU ms/req server+db+client",
  ];
  const lines = rows.map((r) => [
    r.engine,
    r.scenario,
    String(r.requests),
    r.scenario.startsWith("distinct") ? r.seconds.toFixed(2) : "-",
    r.scenario.startsWith("distinct") ? r.perSecond.toFixed(0) : "-",
    r.p50.toFixed(1),
    r.p95.toFixed(1),
    String(r.created),
    String(r.conflicts),
    String(r.errors),
    `${r.cpu.server.toFixed(2)} + ${r.cpu.database.toFixed(2)} + ${r.cpu.client.toFixed(2)}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(format(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const line of lines) console.log(format(line));
}

const engines = (process.env.BENCH_ENGINES ?? "pglite,postgres").split(",") as (
  | "pglite"
  | "postgres"
)[];
const rows: Row[] = [];
const bundle = await buildServerBundle();
for (const engine of engines) await withEngine(engine, bundle, rows);
console.log(
  `\nBooking bench: POST /api/event over HTTP to one server process (server/main.ts), ${CLIENTS} clients.\n`,
);
printTable(rows);
const postgres = rows.filter((r) => r.engine.startsWith("PostgreSQL"));
const distinctRow = postgres.find((r) => r.scenario.startsWith("distinct"));
const contentionRow = postgres.find((r) => r.scenario.startsWith("one slot"));
if (distinctRow && contentionRow) {
  console.log(
    `\nTargets on PostgreSQL: ≥ ${TARGET_PER_SECOND} bookings/s: ${distinctRow.perSecond >= TARGET_PER_SECOND ? "met" : "MISSED"}; ` +
      `contention p95 < ${TARGET_P95_MS} ms with one winner per slot: ${
        contentionRow.p95 < TARGET_P95_MS && contentionRow.created === CONTENTION_ROUNDS
          ? "met"
          : "MISSED"
      }.`,
  );
}
