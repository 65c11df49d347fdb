// How soon a booking's effects arrive: from a booking's 201 to (a) its webhook received by a
// loopback receiver, (b) the invitee's mail handed to a loopback SMTP sink, (c) its VEVENT in the
// host's CalDAV calendar (Radicale), as p50 / p95 / max over BOOKINGS bookings made one after
// another (each waits for its three effects). Cases: one server process on PGlite, one on
// PostgreSQL, and two processes sharing one PostgreSQL database with every booking made on the
// first (either process's workers may deliver). Target: p95 ≤ 2 s. Radicale must be installed
// (server/test/radicale.ts says how). Run with `npx tsx bench/propagation.ts`
// (BENCH_ENGINES=pglite or =postgres to run one engine).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { WEBHOOK_EVENTS } from "../core/webhooks/webhookEvents";
import { loopbackSmtp } from "../server/mail/testing/loopbackSmtp";
import { createCalendar, type Radicale, startRadicale } from "../server/test/radicale";
import {
  buildServerBundle,
  call,
  hostWithEventType,
  type Server,
  startServer,
} from "./support/benchServer";

const BOOKINGS = 20;
const TARGET_MS = 2000;
/** An effect not seen by then counts as this long (and the run says so). */
const GIVE_UP_MS = 60_000;
const DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";
const PASSWORD = "bench-caldav-password";

const EFFECTS = ["webhook", "mail", "calendar"] as const;
type Effect = (typeof EFFECTS)[number];

/** When each effect of each booking was first seen, by the invitee address the effect names. */
class Arrivals {
  private readonly seen = new Map<string, number>();
  /** `effect` saw `text`: the first sighting of each invitee address in it is kept. */
  note(effect: Effect, text: string) {
    const now = performance.now();
    for (const match of text.matchAll(/invitee-[a-z0-9-]+@example\.com/g)) {
      const key = `${effect}:${match[0]}`;
      if (!this.seen.has(key)) this.seen.set(key, now);
    }
  }
  /** When each effect of the booking by `email` arrived, in EFFECTS order. */
  times(email: string): (number | undefined)[] {
    return EFFECTS.map((effect) => this.seen.get(`${effect}:${email}`));
  }
}

function webhookReceiver(arrivals: Arrivals): Promise<{ url: string; server: HttpServer }> {
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      arrivals.note("webhook", body);
      response.writeHead(204).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, server }),
    ),
  );
}

/** Connects the host's Radicale account and makes a fresh calendar the one bookings go into. */
async function connectCalendar(base: string, token: string, radicale: Radicale, name: string) {
  const calendar = await createCalendar(radicale, name);
  const connected = await call(
    base,
    "POST",
    "/api/calendar-connections",
    { provider: "CALDAV", serverUrl: radicale.url, username: radicale.user, password: PASSWORD },
    token,
  );
  if (connected.status !== 201) throw new Error(`connect: ${JSON.stringify(connected.body)}`);
  const target = (connected.body.calendars as { id: string; name: string }[]).find((c) =>
    c.name.endsWith(name),
  );
  const chose = await call(
    base,
    "PATCH",
    `/api/calendar-connections/${connected.body.id}`,
    { writeCalendarId: target!.id },
    token,
  );
  if (chose.status !== 200) throw new Error(`write calendar: ${JSON.stringify(chose.body)}`);
  return calendar;
}

/** The i-th booking's start: whole hours from 09:00 UTC three days ahead. */
function slot(i: number): string {
  const start = new Date();
  start.setUTCHours(9, 0, 0, 0);
  start.setUTCDate(start.getUTCDate() + 3 + Math.floor(i / 10));
  return new Date(start.getTime() + (i % 10) * 3_600_000).toISOString();
}

interface Row {
  case: string;
  ms: Record<Effect, number[]>;
  missed: number;
}

interface Started {
  servers: Server[];
  done(): Promise<void>;
}

/**
 * Starts the case's servers (sending mail to a sink here, webhooks to a receiver here, bookings
 * into Radicale), makes the bookings on the first and times each one's three effects.
 */
async function measure(
  label: string,
  start: (env: Record<string, string>) => Promise<Started>,
): Promise<Row> {
  // A Radicale of its own: the host reads every calendar of the account as busy time, so an
  // earlier case's bookings would take this one's slots.
  const radicale = await startRadicale({ password: PASSWORD });
  const arrivals = new Arrivals();
  const receiver = await webhookReceiver(arrivals);
  const sink = await loopbackSmtp({
    onMessage: (_raw, recipients) => arrivals.note("mail", recipients.join(" ")),
  });
  await sink.up();
  const started = await start({
    SMTP_URL: sink.url,
    WEBHOOK_ALLOW_PRIVATE: "true",
    CALENDAR_ALLOW_PRIVATE: "true",
  });
  const base = started.servers[0]!.base;
  const name = `prop${randomBytes(3).toString("hex")}`;
  const row: Row = { case: label, ms: { webhook: [], mail: [], calendar: [] }, missed: 0 };
  try {
    const host = await hostWithEventType(base, name);
    const calendar = await connectCalendar(base, host.token, radicale, name);
    const hook = await call(
      base,
      "POST",
      "/api/webhooks",
      { url: receiver.url, events: [...WEBHOOK_EVENTS] },
      host.token,
    );
    if (hook.status !== 201) throw new Error(`webhook: ${JSON.stringify(hook.body)}`);
    const readCalendar = async () => {
      const response = await fetch(calendar, {
        headers: { authorization: radicale.authorization },
      });
      arrivals.note("calendar", await response.text());
    };
    for (let i = 0; i < BOOKINGS; i++) {
      const email = `invitee-${name}-${i}@example.com`;
      const booked = await call(base, "POST", "/api/event", {
        userLink: name,
        eventTypeLink: "bench",
        start: slot(i),
        timezone: "UTC",
        name: `Invitee ${i}`,
        email,
      });
      const createdAt = performance.now();
      if (booked.status !== 201) throw new Error(`booking: ${JSON.stringify(booked.body)}`);
      const deadline = createdAt + GIVE_UP_MS;
      while (arrivals.times(email).includes(undefined) && performance.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
        await readCalendar();
      }
      const times = arrivals.times(email);
      if (times.includes(undefined)) row.missed += 1;
      EFFECTS.forEach((effect, k) => {
        row.ms[effect].push((times[k] ?? deadline) - createdAt);
      });
    }
  } finally {
    await started.done();
    await radicale.stop();
    receiver.server.close();
    await sink.close();
  }
  return row;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function postgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL || DEFAULT_POSTGRES;
  const name = `slotted_bench_propagation_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function runBench() {
  const engines = (process.env.BENCH_ENGINES ?? "pglite,postgres").split(",");
  const bundle = await buildServerBundle();
  const rows: Row[] = [];
  if (engines.includes("pglite")) {
    rows.push(
      await measure("PGlite, one process", async (env) => {
        const dir = mkdtempSync(join(tmpdir(), "slotted-bench-propagation-"));
        const server = await startServer(bundle, { ...env, DATA_DIR: dir, DATABASE_URL: "" });
        return {
          servers: [server],
          async done() {
            await server.stop();
            rmSync(dir, { recursive: true, force: true });
          },
        };
      }),
    );
  }
  if (engines.includes("postgres")) {
    for (const count of [1, 2]) {
      const label = `PostgreSQL, ${count === 1 ? "one process" : "two processes"}`;
      rows.push(
        await measure(label, async (env) => {
          const database = await postgresDatabase();
          const dir = mkdtempSync(join(tmpdir(), "slotted-bench-propagation-"));
          const servers: Server[] = [];
          for (let n = 0; n < count; n++) {
            const serverEnv = { ...env, DATA_DIR: dir, DATABASE_URL: database.url };
            servers.push(await startServer(bundle, serverEnv));
          }
          return {
            servers,
            async done() {
              for (const server of servers) await server.stop();
              await database.drop();
              rmSync(dir, { recursive: true, force: true });
            },
          };
        }),
      );
    }
  }
  console.log(
    `\nPropagation: ${BOOKINGS} bookings one after another; ms from the booking's 201 to each effect (target: p95 ≤ ${TARGET_MS} ms).\n`,
  );
  console.table(
    rows.flatMap((r) =>
      EFFECTS.map((effect) => ({
        case: r.case,
        effect,
        p50: percentile(r.ms[effect], 50).toFixed(0),
        p95: percentile(r.ms[effect], 95).toFixed(0),
        max: percentile(r.ms[effect], 100).toFixed(0),
        target: percentile(r.ms[effect], 95) <= TARGET_MS ? "met" : "MISSED",
      })),
    ),
  );
  for (const r of rows.filter((row) => row.missed > 0)) {
    console.log(`${r.case}: ${r.missed} bookings had an effect not seen in ${GIVE_UP_MS} ms`);
  }
}

await runBench();
