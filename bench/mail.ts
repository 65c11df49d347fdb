// Mail throughput of the outbox worker (server/mail/outboxWorker.ts): MAILS booking
// confirmations (HTML, text and an .ics invite each) are written to the outbox of a fresh
// database, then one worker delivers them over SMTP to a local smtp-server; mails per second
// from the start of the drain to the last mail marked sent, on PGlite (a fresh data directory)
// and PostgreSQL (a scratch database created and dropped here, on DATABASE_URL or
// postgres://postgres@127.0.0.1:5432). The SMTP server runs in a child process, as a real one
// would run elsewhere, so it does not share the worker's event loop.
// A second case runs the real thing: one server process (server/main.ts, bundled as `npm start`
// runs it) with SMTP_URL set, under bench/booking.ts's load (CLIENTS autocannon connections
// booking distinct slots) for LOAD_SECONDS while its worker mails each booking's invitee and
// host; it prints bookings/s, the mails/s delivered meanwhile (the target: at least one mail per
// booking a second), how many were still waiting when the load ended, and how long they took.
// Run with `npx tsx bench/mail.ts` (BENCH_ENGINES=pglite or =postgres to run one engine).
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { type Database, openPglite, openPostgres } from "../server/db/database";
import { migrate } from "../server/db/migrate";
import type { BookingMailPayload } from "../server/mail/mailTypes";
import { enqueueMails } from "../server/mail/outbox";
import { startOutboxWorker } from "../server/mail/outboxWorker";
import { loopbackSmtp } from "../server/mail/testing/loopbackSmtp";
import { buildServerBundle, hostWithEventType, startServer } from "./support/benchServer";

const MAILS = 1000;
const LOAD_SECONDS = 25;
const CLIENTS = 10;
const DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";

// As a child: an SMTP sink on a free loopback port that reports each mail it accepted.
if (process.argv[2] === "smtp-sink") {
  const sink = await loopbackSmtp({ onMessage: () => process.send?.("mail") });
  await sink.up();
  process.send?.({ port: sink.port });
  process.on("disconnect", () => sink.close().then(() => process.exit(0)));
} else {
  await runBench();
}

/** The i-th invitee's confirmation, as a ONE_ON_ONE booking writes it. */
function confirmation(i: number): BookingMailPayload {
  const start = new Date(Date.UTC(2030, 0, 1, 9) + i * 3_600_000);
  return {
    template: "bookingConfirmed",
    to: { email: `invitee${i}@example.com`, name: `Invitee ${i}` },
    language: ["en", "de", "fr", "ar"][i % 4]!,
    data: {
      role: "invitee",
      uid: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}@slotted`,
      sequence: 0,
      stamp: "2029-12-01T08:00:00.000Z",
      title: "Intro call",
      start: start.toISOString(),
      end: new Date(start.getTime() + 30 * 60_000).toISOString(),
      formerStart: null,
      formerEnd: null,
      timeZone: "Europe/Berlin",
      timeFormat: 24,
      location: { type: "GOOGLE_MEET", value: "https://meet.example.com/abc-defg-hij" },
      organizer: { email: "host@example.com", name: "Bench Host" },
      hostNames: ["Bench Host"],
      invitee: { name: `Invitee ${i}`, email: `invitee${i}@example.com`, phone: null, guests: [] },
      answers: [],
      reason: null,
      cancelUrl: `http://localhost:3000/cancel/${i}/token${i}`,
      rescheduleUrl: `http://localhost:3000/reschedule/by-attendee/${i}?token=token${i}`,
      seatOnly: false,
    },
  };
}

interface Sink {
  port: number;
  received(): number;
  stop(): Promise<void>;
}

function startSink(): Promise<Sink> {
  const child: ChildProcess = fork(process.argv[1]!, ["smtp-sink"], {
    execArgv: process.execArgv,
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  let received = 0;
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the SMTP sink exited with ${code}`)));
    child.on("message", (message: unknown) => {
      if (message === "mail") received += 1;
      else
        resolve({
          port: (message as { port: number }).port,
          received: () => received,
          stop: () =>
            new Promise<void>((done) => {
              child.removeAllListeners("exit");
              child.once("exit", () => done());
              child.disconnect();
            }),
        });
    });
  });
}

interface Row {
  engine: string;
  mails: number;
  seconds: number;
  perSecond: number;
  received: number;
}

async function measure(engine: string, database: Database): Promise<Row> {
  await migrate(database);
  const now = new Date();
  for (let i = 0; i < MAILS; i += 100) {
    const chunk = Array.from({ length: Math.min(100, MAILS - i) }, (_, k) => confirmation(i + k));
    await enqueueMails(database.db, chunk, now);
  }
  const sink = await startSink();
  const worker = startOutboxWorker({
    database,
    smtpUrl: `smtp://127.0.0.1:${sink.port}`,
    publicUrl: "http://localhost:3000",
    clock: () => new Date(),
    // Only the drain below works; the idle poll would start a second pass.
    pollMs: 3_600_000,
  });
  try {
    const started = performance.now();
    const sent = await worker.drain();
    const seconds = (performance.now() - started) / 1000;
    // The sink's reports travel over IPC and may trail the last "sent" mark a little.
    for (let wait = 0; sink.received() < sent && wait < 100; wait++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const [left] = await database.query<{ n: number }>(
      "select count(*)::int as n from outbox where status <> 'sent'",
    );
    if (sent !== MAILS || left!.n !== 0) throw new Error(`sent ${sent}, ${left!.n} left`);
    return { engine, mails: sent, seconds, perSecond: sent / seconds, received: sink.received() };
  } finally {
    await worker.stop();
    await sink.stop();
  }
}

async function withPglite(): Promise<Row> {
  const dir = mkdtempSync(join(tmpdir(), "slotted-bench-mail-"));
  const database = await openPglite(join(dir, "pglite"));
  try {
    return await measure("PGlite", database);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function withPostgres(): Promise<Row> {
  const url = process.env.DATABASE_URL || DEFAULT_POSTGRES;
  const name = `slotted_bench_mail_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = openPostgres(dbUrl.toString());
  try {
    return await measure("PostgreSQL", database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** The n-th of a host's distinct 15-minute slots, a few a day from 09:00 UTC two days ahead. */
function slot(n: number): string {
  const start = new Date();
  start.setUTCHours(9, 0, 0, 0);
  start.setUTCDate(start.getUTCDate() + 2 + (n % 300));
  return new Date(start.getTime() + Math.floor(n / 300) * 15 * 60_000).toISOString();
}

interface LoadRow {
  engine: string;
  bookings: number;
  seconds: number;
  mailsDuring: number;
  waitingAtEnd: number;
  /** PostgreSQL: changes not yet derived and mails derived but not sent, when the load ended. */
  backlog?: { changes: number; mails: number };
  drainSeconds: number;
}

/** Where the waiting work sits: booking changes not derived yet, or mails not sent yet. */
async function backlogOf(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ changes: string; mails: string }>(
      `select (select count(*) from booking_changes where processed_at is null) as changes,
              (select count(*) from outbox where kind = 'mail' and status = 'pending') as mails`,
    );
    return { changes: Number(rows[0]?.changes), mails: Number(rows[0]?.mails) };
  } finally {
    await client.end();
  }
}

/** Bookings over HTTP against a server whose worker mails them to the sink meanwhile. */
async function underLoad(engine: string, bundle: string, env: Record<string, string>) {
  const sink = await startSink();
  const server = await startServer(bundle, {
    ...env,
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    BOOKING_LIMIT_PER_IP: "0",
    BOOKING_LIMIT_PER_EVENT_TYPE: "0",
  });
  try {
    const hosts: string[] = [];
    for (let c = 0; c < CLIENTS; c++) {
      hosts.push((await hostWithEventType(server.base, `mail-${c}`)).username);
    }
    // The sign-up mails go first, so what is counted below is the bookings' own.
    const deadline = Date.now() + 30_000;
    while (sink.received() < CLIENTS && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const before = sink.received();
    let next = 0;
    let created = 0;
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const instance = autocannon(
        {
          url: `${server.base}/api/event`,
          connections: CLIENTS,
          duration: LOAD_SECONDS,
          timeout: 60,
          method: "POST",
          headers: { "content-type": "application/json" },
          requests: [
            {
              setupRequest: (request: Record<string, unknown>) => {
                const n = next++;
                return {
                  ...request,
                  body: JSON.stringify({
                    userLink: hosts[n % CLIENTS],
                    eventTypeLink: "bench",
                    start: slot(Math.floor(n / CLIENTS)),
                    timezone: "UTC",
                    name: `Invitee ${n}`,
                    email: `invitee${n}@example.com`,
                  }),
                };
              },
            },
          ],
        },
        (error: Error | null) => (error ? reject(error) : resolve()),
      );
      instance.on("response", (_client: unknown, status: number) => {
        if (status === 201) created += 1;
      });
    });
    const seconds = (performance.now() - started) / 1000;
    const mailsDuring = sink.received() - before;
    const backlog = env.DATABASE_URL ? await backlogOf(env.DATABASE_URL) : undefined;
    // An invitee's and a host's confirmation per booking.
    const expected = before + 2 * created;
    const drainStarted = performance.now();
    const drainDeadline = Date.now() + 300_000;
    while (sink.received() < expected && Date.now() < drainDeadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    if (sink.received() < expected) {
      throw new Error(`${expected - sink.received()} mails still waiting after five minutes`);
    }
    return {
      engine,
      bookings: created,
      seconds,
      mailsDuring,
      waitingAtEnd: 2 * created - mailsDuring,
      backlog,
      drainSeconds: (performance.now() - drainStarted) / 1000,
    };
  } finally {
    await server.stop();
    await sink.stop();
  }
}

async function loadPglite(bundle: string): Promise<LoadRow> {
  const dir = mkdtempSync(join(tmpdir(), "slotted-bench-mail-"));
  try {
    return await underLoad("PGlite", bundle, { DATA_DIR: dir, DATABASE_URL: "" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function loadPostgres(bundle: string): Promise<LoadRow> {
  const url = process.env.DATABASE_URL || DEFAULT_POSTGRES;
  const name = `slotted_bench_mail_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const dir = mkdtempSync(join(tmpdir(), "slotted-bench-mail-"));
  try {
    return await underLoad("PostgreSQL", bundle, { DATA_DIR: dir, DATABASE_URL: dbUrl.toString() });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function runBench() {
  const engines = (process.env.BENCH_ENGINES ?? "pglite,postgres").split(",");
  const rows: Row[] = [];
  if (engines.includes("pglite")) rows.push(await withPglite());
  if (engines.includes("postgres")) rows.push(await withPostgres());
  const bundle = await buildServerBundle();
  const loadRows: LoadRow[] = [];
  if (engines.includes("pglite")) loadRows.push(await loadPglite(bundle));
  if (engines.includes("postgres")) loadRows.push(await loadPostgres(bundle));
  console.log(
    `\nMail bench: ${MAILS} booking confirmations from the outbox to a local SMTP server, one worker.\n`,
  );
  console.table(
    rows.map((r) => ({
      engine: r.engine,
      mails: r.mails,
      seconds: r.seconds.toFixed(2),
      "mails/s": r.perSecond.toFixed(0),
      "received by SMTP": r.received,
    })),
  );
  console.log(
    `\nUnder booking load: ${LOAD_SECONDS} s of bookings from ${CLIENTS} clients over HTTP to one server process, whose worker mails the invitee and the host of each (target: mails/s ≥ bookings/s).\n`,
  );
  console.table(
    loadRows.map((r) => ({
      engine: r.engine,
      bookings: r.bookings,
      "bookings/s": (r.bookings / r.seconds).toFixed(0),
      "mails/s meanwhile": (r.mailsDuring / r.seconds).toFixed(0),
      target: r.mailsDuring >= r.bookings ? "met" : "MISSED",
      "mails waiting at the end": r.waitingAtEnd,
      "of which underived / unsent": r.backlog
        ? `${2 * r.backlog.changes} / ${r.backlog.mails}`
        : "n/a",
      "seconds to send them": r.drainSeconds.toFixed(2),
    })),
  );
}
