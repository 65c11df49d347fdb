#!/usr/bin/env node
// The browser suite at every hour of issue 37's sweep: 00:05, 09:19, 16:04 and 23:55 Berlin on
// a weekday, 23:55 on the last day of a month, and 01:55 on a day Berlin's clocks change. Each
// run starts the suite's servers and browsers on that time (SLOTTED_FAKE_NOW, read by
// e2e/support/globalSetup.ts), so a test that depends on the hour fails here, not in CI.
//
//   npm run e2e:hours                      every run of the sweep, one after the other
//   npm run e2e:hours -- 23:55 month       only the runs whose name holds one of the words
//   npm run e2e:hours -- 09:19 -- e2e/booking.test.ts   files (or vitest options) after --
import { spawnSync } from "node:child_process";
import { berlinWallTime, suiteInstant, sweep } from "./suiteClock.mjs";

const args = process.argv.slice(2);
const split = args.indexOf("--");
const words = split === -1 ? args : args.slice(0, split);
const vitestArgs = split === -1 ? [] : args.slice(split + 1);

const today = new Date().toISOString().slice(0, 10);
const runs = sweep(today).filter(
  (run) => words.length === 0 || words.some((word) => run.name.includes(word)),
);
if (runs.length === 0) {
  console.error(`No run of the sweep matches ${words.join(", ")}; the runs are:`);
  for (const run of sweep(today)) console.error(`  ${run.name}`);
  process.exit(2);
}

const build = spawnSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const results = [];
for (const run of runs) {
  const at = berlinWallTime(suiteInstant(run.fakeNow, today));
  console.log(`\n== browser suite at ${at} Berlin (${run.name})`);
  const started = Date.now();
  const result = spawnSync(
    "npx",
    ["vitest", "run", "--config", "e2e/vitest.config.ts", ...vitestArgs],
    { stdio: "inherit", env: { ...process.env, SLOTTED_FAKE_NOW: run.fakeNow } },
  );
  results.push({ ...run, at, ok: result.status === 0, seconds: (Date.now() - started) / 1000 });
}

console.log("\n== the sweep");
for (const r of results) {
  console.log(
    `${r.ok ? "passed" : "FAILED"}  ${r.at} Berlin  ${r.name.padEnd(34)} ${r.seconds.toFixed(0)} s`,
  );
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
