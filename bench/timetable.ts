// Timetable latency over real HTTP: a month window of a one-on-one event type (200 events in
// it), the same with 500 events synced from the host's calendar as well, and of a 20-host round
// robin (1,000 events in it), beside /api/health, then again after
// 100,000 events outside the window. PGlite in memory, or PostgreSQL when DATABASE_URL is set
// (in a scratch database created and dropped here). Sequential requests; p50 and p95 in ms.
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { migrate } from "../server/db/migrate";
import {
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
const TARGETS = { health: null, oneOnOne: 5, roundRobin: 20 } as const;

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
