// A crowd on one process (issue 36): 200 concurrent clients read the month's timetable of one
// event type while 20 bookings a second are made against it, and a few clients ask /api/health
// in the same run (the floor under the same load). On PGlite (a fresh data directory) and on
// PostgreSQL (a scratch database on DATABASE_URL or postgres://postgres@127.0.0.1:5432), against
// the server bundled as `npm start` runs it. Prints throughput and p50/p95/p99 of the timetable
// beside health's, the bookings' p95, the 5xx, and whether any timetable offered a time whose
// booking had been answered 201 before that timetable was asked for.
// Target: timetable p99 ≤ 4× health's p99, no 5xx, no taken time offered.
// Run with `npx tsx bench/crowd.ts` (BENCH_ENGINES=pglite or =postgres for one engine,
// BENCH_SECONDS to change the 30 s of load, BENCH_CPU_PROF=<dir> to profile the server).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
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

const READERS = 200;
const HEALTH_CLIENTS = 5;
const BOOKINGS_PER_SECOND = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const TARGET_P99_MULTIPLE = 4;
/** One timetable answer in this many is kept and checked against the bookings made before it. */
const CHECK_EVERY = 10;
const DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

interface Stream {
  ms: number[];
  statuses: Map<number, number>;
  /** Requests with no answer within the timeout, and connection errors, from autocannon. */
  timeouts: number;
  errors: number;
}

const stream = (): Stream => ({ ms: [], statuses: new Map(), timeouts: 0, errors: 0 });

function run(options: Parameters<typeof autocannon>[0], into: Stream): Promise<void> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error: Error | null, result: unknown) => {
      if (error) return reject(error);
      const { timeouts = 0, errors = 0 } = result as { timeouts?: number; errors?: number };
      into.timeouts = timeouts;
      into.errors = errors - timeouts;
      resolve();
    });
    instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
      into.ms.push(ms);
      into.statuses.set(status, (into.statuses.get(status) ?? 0) + 1);
    });
  });
}

function figures(name: string, s: Stream) {
  const sorted = [...s.ms].sort((a, b) => a - b);
  const fivexx = [...s.statuses].filter(([st]) => st >= 500).reduce((n, [, c]) => n + c, 0);
  return {
    stream: name,
    requests: s.ms.length,
    "req/s": Math.round(s.ms.length / SECONDS),
    "p50 ms": Math.round(percentile(sorted, 0.5)),
    "p95 ms": Math.round(percentile(sorted, 0.95)),
    "p99 ms": Math.round(percentile(sorted, 0.99)),
    "5xx": fivexx,
    "timeouts/errors": `${s.timeouts}/${s.errors}`,
    statuses: [...s.statuses].map(([st, c]) => `${st}×${c}`).join(" "),
  };
}

const day = (date: Date) => date.toISOString().slice(0, 10);

async function crowd(engine: "pglite" | "postgres", bundle: string) {
  const dir = mkdtempSync(join(tmpdir(), "slotted-bench-crowd-"));
  let env: Record<string, string> = { DATA_DIR: dir, DATABASE_URL: "" };
  let drop = async () => {};
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
    drop = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
    label = "PostgreSQL";
  }
  let server: Server | null = null;
  try {
    // One address makes every booking here: the bench measures the crowd, not the rate limits.
    server = await startServer(bundle, {
      ...env,
      BOOKING_LIMIT_PER_IP: "0",
      BOOKING_LIMIT_PER_EVENT_TYPE: "0",
    });
    const { base } = server;
    const { username } = await hostWithEventType(base, "crowd");
    const first = new Date(Date.now() + 2 * 86_400_000);
    first.setUTCHours(0, 0, 0, 0);
    const last = new Date(first.getTime() + 27 * 86_400_000);
    const timetablePath = `/api/timetable?${new URLSearchParams({
      userLink: username,
      eventTypeLink: "bench",
      start: day(first),
      end: day(last),
      timezone: "UTC",
    })}`;
    // Warm: the server's JIT and PGlite's WebAssembly tiers, as in production.
    await run({ url: base + timetablePath, connections: 10, amount: 500 }, stream());

    // Bookings take the month's times from its first day on; each 201's start and when it came.
    const taken: { start: number; at: number }[] = [];
    let nextSlot = 0;
    // Each connection has one request in flight: its context remembers when it was sent.
    const kept: { sentAt: number; body: string }[] = [];
    let answered = 0;
    const timetable = stream();
    const health = stream();
    const bookings = stream();
    await Promise.all([
      run(
        {
          url: base + timetablePath,
          connections: READERS,
          duration: SECONDS,
          timeout: 30,
          requests: [
            {
              setupRequest: (request, context) => {
                if (context) context.sentAt = performance.now();
                return request;
              },
              onResponse: (status, body, context) => {
                answered += 1;
                if (status === 200 && answered % CHECK_EVERY === 0) {
                  kept.push({ sentAt: context?.sentAt as number, body });
                }
              },
            },
          ],
        },
        timetable,
      ),
      run(
        { url: `${base}/api/health`, connections: HEALTH_CLIENTS, duration: SECONDS, timeout: 30 },
        health,
      ),
      run(
        {
          url: `${base}/api/event`,
          // Enough connections to keep 20 a second going while each takes seconds under load.
          connections: 60,
          overallRate: BOOKINGS_PER_SECOND,
          duration: SECONDS,
          timeout: 30,
          method: "POST",
          headers: { "content-type": "application/json" },
          requests: [
            {
              setupRequest: (request, context) => {
                const start = new Date(first.getTime() + nextSlot++ * 15 * 60_000).toISOString();
                if (context) context.start = start;
                return {
                  ...request,
                  body: JSON.stringify({
                    userLink: username,
                    eventTypeLink: "bench",
                    start,
                    timezone: "UTC",
                    name: `Invitee ${nextSlot}`,
                    email: `invitee${nextSlot}@example.com`,
                  }),
                };
              },
              onResponse: (status, _body, context) => {
                if (status === 201 && context) {
                  taken.push({ start: Date.parse(context.start as string), at: performance.now() });
                }
              },
            },
          ],
        },
        bookings,
      ),
    ]);

    // No answer may offer a time whose booking was confirmed before that answer was asked for.
    let offeredTaken = 0;
    for (const { sentAt, body } of kept) {
      const before = new Set(taken.filter((t) => t.at < sentAt).map((t) => t.start));
      const parsed = JSON.parse(body) as {
        timetable: { slots: Record<string, { start: string }> }[];
      };
      for (const dayOfSlots of parsed.timetable) {
        for (const slot of Object.values(dayOfSlots.slots)) {
          if (before.has(Date.parse(slot.start))) offeredTaken += 1;
        }
      }
    }
    const rows = [
      figures("timetable", timetable),
      figures("health", health),
      figures("bookings", bookings),
    ];
    return {
      label,
      rows,
      ratio: rows[0]!["p99 ms"] / Math.max(1, rows[1]!["p99 ms"]),
      checked: kept.length,
      offeredTaken,
      booked: taken.length,
    };
  } finally {
    await server?.stop();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const bundle = await buildServerBundle();
const engines = (process.env.BENCH_ENGINES ?? "pglite,postgres").split(",");
for (const engine of ["pglite", "postgres"] as const) {
  if (!engines.includes(engine)) continue;
  let result: Awaited<ReturnType<typeof crowd>>;
  try {
    result = await crowd(engine, bundle);
  } catch (error) {
    console.log(`${engine} skipped: ${(error as Error).message}`);
    continue;
  }
  console.log(
    `\nbench/crowd, ${result.label}: ${READERS} clients reading one event type's month, ${BOOKINGS_PER_SECOND} bookings/s, ${HEALTH_CLIENTS} clients on /api/health, ${SECONDS} s (load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}: a shared machine, figures taken under others' load)`,
  );
  console.table(result.rows);
  console.log(
    `timetable p99 / health p99: ${result.ratio.toFixed(2)} (target ≤ ${TARGET_P99_MULTIPLE}); bookings made: ${result.booked}; timetable answers checked: ${result.checked}, offering a time already taken: ${result.offeredTaken} (target 0)`,
  );
}
