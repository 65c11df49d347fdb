// The booking page while someone floods sign-in: password hashing (scrypt) runs on libuv's
// thread pool, and HASH_CONCURRENCY keeps it from taking every thread. One real server process
// (PGlite), TRUST_PROXY=loopback so each flood request can claim its own client address, as a
// distributed attack would have. It times the booking page's calls (the month's timetable and
// /api/health, one after another) idle and under FLOOD_CLIENTS concurrent sign-in attempts
// with random addresses and passwords, and counts how the flood was answered.
// Run with `npx tsx bench/loginFlood.ts`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildServerBundle, hostWithEventType, startServer } from "./support/benchServer";

const FLOOD_CLIENTS = 16;
const PROBES = 200;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function probe(urls: string[]): Promise<{ p50: number; p95: number; max: number }> {
  const times: number[] = [];
  for (let i = 0; i < PROBES; i++) {
    const started = performance.now();
    const response = await fetch(urls[i % urls.length]!);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${urls[i % urls.length]} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), max: times.at(-1) ?? 0 };
}

async function flood(base: string, stop: { done: boolean }) {
  const statuses = new Map<number, number>();
  let n = 0;
  await Promise.all(
    Array.from({ length: FLOOD_CLIENTS }, async (_, client) => {
      while (!stop.done) {
        n++;
        const response = await fetch(`${base}/api/auth/login`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-forwarded-for": `10.${client}.${(n >> 8) & 255}.${n & 255}`,
          },
          body: JSON.stringify({ email: `victim${n % 50}@example.com`, password: `guess ${n}` }),
        });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  return statuses;
}

const bundle = await buildServerBundle();
const dir = mkdtempSync(join(tmpdir(), "slotted-bench-"));
const server = await startServer(bundle, {
  DATA_DIR: dir,
  DATABASE_URL: "",
  TRUST_PROXY: "loopback",
});
try {
  const host = await hostWithEventType(server.base, "flood-host");
  const month = new Date().toISOString().slice(0, 7);
  const urls = [
    `${server.base}/api/timetable?userLink=${host.username}&eventTypeLink=bench&start=${month}-01&end=${month}-28&timezone=UTC`,
    `${server.base}/api/health`,
  ];
  await probe(urls);
  const idle = await probe(urls);
  const stop = { done: false };
  const flooding = flood(server.base, stop);
  await new Promise((r) => setTimeout(r, 1000));
  const loaded = await probe(urls);
  stop.done = true;
  const statuses = await flooding;
  console.log(`booking page calls (timetable + health), ${PROBES} sequential requests, ms`);
  console.log("| state | p50 | p95 | max |");
  console.log("|---|---|---|---|");
  for (const [state, r] of [
    ["idle", idle],
    [`${FLOOD_CLIENTS} clients flooding sign-in`, loaded],
  ] as const) {
    console.log(`| ${state} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} |`);
  }
  const answered = [...statuses].map(([status, count]) => `${count}×${status}`).join(", ");
  console.log(`flood answered: ${answered}`);
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
