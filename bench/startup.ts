// Time from process start to a healthy /api/health and to the first timetable answered (issue
// 36: at most 1.5 s on PGlite with 5,000 bookings), on an existing data directory (empty, and
// with 5,000 bookings of the host whose month is asked for), and resident memory after start,
// for PGlite and PostgreSQL. The server is the built dist/server/main.js (`npm start` once
// built), and scripts/start.mjs itself (its up-to-date check of the build first).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { buildServer } from "../scripts/build.mjs";
import { type Database, openPglite, openPostgres } from "../server/db/database";
import { migrate } from "../server/db/migrate";
import { spawnServer } from "../server/test/spawnServer";
import { seedEvents } from "./fixtures/seedEvents";

const RUNS = 5;
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

function rssOf(pid: number): Promise<number> {
  return import("node:fs/promises").then(async (fs) => {
    const status = await fs.readFile(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  });
}

const TARGET_TIMETABLE_MS = 1500;

/** CPU milliseconds (user + system, all threads) a process has used, from /proc (Linux). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function startOnce(
  env: Record<string, string>,
  port: number,
  timetablePath: string,
  script = "dist/server/main.js",
): Promise<{ ms: number; timetableMs: number; cpuMs: number; rssMb: number }> {
  const started = performance.now();
  const { child, ready } = await spawnServer(
    { ...env, LOG_LEVEL: "warn" },
    { port, node: [script] },
  );
  try {
    await ready("/api/health", 60_000, 10);
    const ms = performance.now() - started;
    // The first invitee: their month, as the booking page asks for it.
    const response = await fetch(`http://127.0.0.1:${port}${timetablePath}`);
    const text = await response.text();
    if (response.status !== 200) throw new Error(`timetable: ${response.status} ${text}`);
    const timetableMs = performance.now() - started;
    // The CPU the server spent to get there: unlike the wall time, not stretched by what else
    // runs on a shared machine.
    const cpuMs = cpuMsOf(child.pid!);
    await new Promise((r) => setTimeout(r, 300));
    return { ms, timetableMs, cpuMs, rssMb: await rssOf(child.pid!) };
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function measure(
  label: string,
  env: Record<string, string>,
  port: number,
  timetablePath: string,
  script?: string,
) {
  await startOnce(env, port, timetablePath, script); // warm the file cache; a restart is measured
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await startOnce(env, port, timetablePath, script));
  return {
    case: label,
    "start→healthy p50 (ms)": Math.round(median(runs.map((r) => r.ms))),
    "start→first timetable p50 (ms)": Math.round(median(runs.map((r) => r.timetableMs))),
    "timetable max (ms)": Math.round(Math.max(...runs.map((r) => r.timetableMs))),
    "server CPU to timetable p50 (ms)": Math.round(median(runs.map((r) => r.cpuMs))),
    "RSS after start (MB)": Math.round(median(runs.map((r) => r.rssMb))),
  };
}

/** Migrates, seeds `events` bookings from tomorrow on, and returns the first month's timetable path. */
async function prepare(database: Database, events: number): Promise<string> {
  await migrate(database);
  const from = new Date(Date.now() + 86_400_000);
  from.setUTCHours(0, 0, 0, 0);
  const { username, userId, eventTypeId } = await seedEvents(
    database,
    Math.max(events, 0),
    from.toISOString(),
  );
  // Bookable around the clock, so the month asked for has times between the bookings.
  const day = [{ start: "00:00", end: "24:00" }];
  const weekly = Object.fromEntries(
    ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"].map((d) => [d, day]),
  );
  await database.query(
    "insert into schedules (user_id, name, time_zone, weekly, is_default) values ($1, 'Always', 'UTC', $2::jsonb, true)",
    [userId, JSON.stringify(weekly)],
  );
  await database.query("insert into event_type_hosts (event_type_id, user_id) values ($1, $2)", [
    eventTypeId,
    userId,
  ]);
  await database.close();
  const end = new Date(from.getTime() + 30 * 86_400_000);
  return `/api/timetable?${new URLSearchParams({
    userLink: username,
    eventTypeLink: "bench",
    start: from.toISOString().slice(0, 10),
    end: end.toISOString().slice(0, 10),
    timezone: "UTC",
  })}`;
}

await buildServer();
const rows = [];
const port = 3900 + Math.floor(Math.random() * 50);

const SIZES = [0, 5_000];
for (const events of SIZES) {
  const dir = mkdtempSync(join(tmpdir(), "slotted-bench-"));
  const path = await prepare(await openPglite(join(dir, "pglite")), events);
  rows.push(
    await measure(
      `PGlite, ${events.toLocaleString("en")} events`,
      { DATA_DIR: dir, DATABASE_URL: "" },
      port,
      path,
    ),
  );
  if (events > 0) {
    // What `npm start` runs: the up-to-date check of the build, then the server.
    rows.push(
      await measure(
        `PGlite, ${events.toLocaleString("en")} events, via scripts/start.mjs`,
        { DATA_DIR: dir, DATABASE_URL: "" },
        port,
        path,
        "scripts/start.mjs",
      ),
    );
  }
  rmSync(dir, { recursive: true, force: true });
}

const admin = new pg.Client({ connectionString: POSTGRES });
try {
  await admin.connect();
  for (const events of SIZES) {
    const name = `slotted_bench_${process.pid}_${events}`;
    await admin.query(`create database ${name}`);
    const url = new URL(POSTGRES);
    url.pathname = `/${name}`;
    const path = await prepare(openPostgres(url.toString()), events);
    const dir = mkdtempSync(join(tmpdir(), "slotted-bench-"));
    rows.push(
      await measure(
        `PostgreSQL, ${events.toLocaleString("en")} events`,
        { DATA_DIR: dir, DATABASE_URL: url.toString() },
        port,
        path,
      ),
    );
    rmSync(dir, { recursive: true, force: true });
    await admin.query(`drop database ${name} with (force)`);
  }
} catch (error) {
  console.log(`PostgreSQL skipped: ${(error as Error).message}`);
} finally {
  await admin.end().catch(() => {});
}

console.log(
  `\nbench/startup: process start to healthy /api/health and to the first timetable answered (median of ${RUNS} restarts; target ≤ ${TARGET_TIMETABLE_MS} ms on PGlite with 5,000 bookings; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}: a shared machine, figures taken under others' load)`,
);
console.table(rows);
