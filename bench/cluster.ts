// Several app servers on one PostgreSQL (issue 33): three server processes behind a round-robin
// client take bookings, reschedules and cancellations (and timetable reads) from concurrent
// clients; the first is killed with kill -9 a third of the way in. Then it checks that every
// booking answered 2xx is there as answered, that every mail (an SMTP receiver on loopback),
// webhook delivery (a loopback receiver) and calendar write (Radicale, CalDAV) happened exactly
// once, that no timetable from any process offered a time already taken, and that the
// survivors sent what the dead one had claimed once its leases ran out (its mail server
// never answers, so it surely holds some). Prints bookings/s, the bookings' p95 and the jobs.
// Run with `npx tsx bench/cluster.ts` (DATABASE_URL, else postgres://postgres@127.0.0.1:5432;
// BENCH_OPERATIONS, default 600; BENCH_CONCURRENCY, default 24; BENCH_CALENDAR=0 without
// Radicale). server/cluster.postgres.test.ts is the small version that CI runs.
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import pg from "pg";
import { runCluster } from "../server/test/cluster";

const DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";
const operations = Number(process.env.BENCH_OPERATIONS ?? 600);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 24);

const url = process.env.DATABASE_URL || DEFAULT_POSTGRES;
const name = `slotted_bench_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`create database ${name}`);
const databaseUrl = new URL(url);
databaseUrl.pathname = `/${name}`;
try {
  const result = await runCluster({
    databaseUrl: databaseUrl.toString(),
    processes: 3,
    operations,
    concurrency,
    killAfter: Math.floor(operations / 3),
    calendar: process.env.BENCH_CALENDAR !== "0",
    log: (line) => console.log(line),
  });
  const jobs = (j: { written: number; received: number; twice: number; never: number }) =>
    `${j.written} written, ${j.received} done, ${j.twice} twice, ${j.never} never`;
  console.log(
    `\nbench/cluster: 3 processes on one PostgreSQL, ${operations} operations from ${concurrency} clients, process 0 killed with kill -9 after ${Math.floor(operations / 3)} answers (load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}: a shared machine, figures taken under others' load)`,
  );
  console.table({
    "bookings/s": result.bookingsPerSecond.toFixed(1),
    "booking p95 ms": Math.round(result.p95Ms),
    answers: JSON.stringify(result.statuses),
    "503 busy, retried": result.busy,
    "5xx after retry": result.failures.length,
    "4xx refusals": result.refusals.length,
    "bookings missing": result.missingBookings.length,
    mails: jobs(result.mails),
    webhooks: jobs(result.webhooks),
    "webhooks twice from one claim": result.webhooksTwiceUnclaimed.length,
    "calendar events": result.calendar
      ? `${result.calendar.expected} expected, ${result.calendar.found} found, ${result.calendar.twice} twice`
      : "not checked",
    "jobs picked up after the lease": result.pickedUp,
    "timetables checked": result.timetablesChecked,
    "taken times offered": result.offeredTaken,
    "uploads, sessions through every survivor": `${result.uploadsEverywhere}, ${result.sessionsEverywhere}`,
  });
  for (const refusal of result.refusals) console.log(`refused: ${refusal}`);
  for (const missing of result.missingBookings) console.log(`missing: ${missing}`);
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
