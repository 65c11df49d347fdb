// Time from process start to a healthy /api/health on an existing data directory (empty, and
// with 10,000 events), and resident memory after start, for PGlite and PostgreSQL.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { buildServer } from "../scripts/build.mjs";
import { type Database, openPglite, openPostgres } from "../server/db/database";
import { migrate } from "../server/db/migrate";
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

async function startOnce(
  env: Record<string, string>,
  port: number,
  script = "dist/server/main.js",
): Promise<{ ms: number; rssMb: number }> {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [script], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  try {
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (response.ok) break;
      } catch {
        // not yet listening
      }
      if (child.exitCode !== null) throw new Error("server exited");
      await new Promise((r) => setTimeout(r, 10));
    }
    const ms = performance.now() - started;
    await new Promise((r) => setTimeout(r, 300));
    return { ms, rssMb: await rssOf(child.pid!) };
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function measure(label: string, env: Record<string, string>, port: number, script?: string) {
  await startOnce(env, port, script); // warm the file cache; a restart is what is measured
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await startOnce(env, port, script));
  return {
    case: label,
    "start→healthy p50 (ms)": Math.round(median(runs.map((r) => r.ms))),
    "max (ms)": Math.round(Math.max(...runs.map((r) => r.ms))),
    "RSS after start (MB)": Math.round(median(runs.map((r) => r.rssMb))),
  };
}

async function prepare(database: Database, events: number) {
  await migrate(database);
  if (events > 0) await seedEvents(database, events);
  await database.close();
}

await buildServer();
const rows = [];
const port = 3900 + Math.floor(Math.random() * 50);

for (const events of [0, 10_000]) {
  const dir = mkdtempSync(join(tmpdir(), "slotted-bench-"));
  await prepare(await openPglite(join(dir, "pglite")), events);
  rows.push(
    await measure(
      `PGlite, ${events.toLocaleString("en")} events`,
      { DATA_DIR: dir, DATABASE_URL: "" },
      port,
    ),
  );
  if (events > 0) {
    // What `npm start` runs: the up-to-date check of the build, then the server.
    rows.push(
      await measure(
        `PGlite, ${events.toLocaleString("en")} events, via scripts/start.mjs`,
        { DATA_DIR: dir, DATABASE_URL: "" },
        port,
        "scripts/start.mjs",
      ),
    );
  }
  rmSync(dir, { recursive: true, force: true });
}

const admin = new pg.Client({ connectionString: POSTGRES });
try {
  await admin.connect();
  for (const events of [0, 10_000]) {
    const name = `slotted_bench_${process.pid}_${events}`;
    await admin.query(`create database ${name}`);
    const url = new URL(POSTGRES);
    url.pathname = `/${name}`;
    await prepare(openPostgres(url.toString()), events);
    const dir = mkdtempSync(join(tmpdir(), "slotted-bench-"));
    rows.push(
      await measure(
        `PostgreSQL, ${events.toLocaleString("en")} events`,
        { DATA_DIR: dir, DATABASE_URL: url.toString() },
        port,
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

console.log(`\nbench/startup: process start to healthy /api/health (median of ${RUNS} restarts)`);
console.table(rows);
