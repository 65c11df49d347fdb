// Several server processes on one PostgreSQL (bench/cluster.ts and server/cluster.postgres.test.ts):
// a round-robin client books, reschedules and cancels while one process is killed with
// SIGKILL, then everything a user and their guests should have seen is counted.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { loopbackSmtp } from "../mail/testing/loopbackSmtp";
import { startWebhookReceiver } from "../webhooks/testing/webhookReceiver";
import { call, openHostWeek } from "./httpHost";
import { multipartFile, TINY_PNG } from "./multipart";
import { createCalendar, type Radicale, startRadicale } from "./radicale";
import { ServerExited, spawnServer } from "./spawnServer";

export interface ClusterOptions {
  /** An empty or migrated PostgreSQL database of its own. */
  databaseUrl: string;
  processes: number;
  /** Operations in all: bookings, and a reschedule or a cancel of some of them. */
  operations: number;
  /** Clients at once. */
  concurrency: number;
  /** The first process is killed once this many operations were answered. */
  killAfter: number;
  /** Write every booking into a CalDAV calendar (Radicale) too. */
  calendar: boolean;
  log?: (line: string) => void;
}

/** Long enough for every lease the killed process held to run out (the longest is 120 s). */
const PAST_LEASES_MS = 5 * 60_000;
const SLOT_MINUTES = 15;
/** Where every process's clock starts (TEST_CLOCK_START): the run never reads the date it is. */
const CLOCK_START = "2027-01-04T06:00:00Z";
const SECRET = "cluster-secret-cluster-secret-cluster-0001";
const ENCRYPTION_KEY = "5".repeat(64);

interface Booking {
  start: string;
  uuid: string;
  attendeeUuid: string;
  token: string;
  email: string;
  /** What the client was answered last: confirmed where, or cancelled. */
  state: "confirmed" | "cancelled";
  /** A reschedule or cancel was sent for it, answered or not: its old time is not checked. */
  touched: boolean;
  /**
   * That request was cut off with the killed process (no answer): it may or may not have
   * committed, so the booking may be as last answered or as that request asked.
   */
  unanswered?: { cancel: true } | { to: string };
}

export interface ClusterResult {
  answered: number;
  /** Answers by status; 0 for no answer (the connection broke: the process was killed). */
  statuses: Record<string, number>;
  bookingsPerSecond: number;
  p95Ms: number;
  /** Answers 503 busy (the database gave up on conflicting transactions twice), each retried. */
  busy: number;
  /** Answers 5xx after those retries: status, request and body. */
  failures: string[];
  /** Answers 4xx: status, request and body, so a run that refuses something says what. */
  refusals: string[];
  /** Bookings answered 2xx (after their reschedule or cancel) not found as answered. */
  missingBookings: string[];
  /** Immediate mails written to the outbox, received, received more than once, never. */
  mails: { written: number; received: number; twice: number; never: number };
  webhooks: { written: number; received: number; twice: number; never: number };
  /** Deliveries that arrived twice though claimed only once: two processes sent one claim. */
  webhooksTwiceUnclaimed: string[];
  /** Calendar events expected (live bookings), found, and bookings with more than one. */
  calendar: { expected: number; found: number; twice: number; missing: number } | null;
  /** Jobs retried by another process after the killed one's lease (attempts > 1). */
  pickedUp: number;
  timetablesChecked: number;
  /** Times offered by a timetable after their booking was answered 201 (and never moved). */
  offeredTaken: number;
  /** An upload through one process, read through each survivor; a session likewise. */
  uploadsEverywhere: boolean;
  sessionsEverywhere: boolean;
}

interface Process {
  base: string;
  child: ChildProcess;
  dead: boolean;
}

/** A listening loopback SMTP server; `hang` never accepts a message (a mail server gone quiet). */
async function mailSink(hang: boolean) {
  // A client cut off (the killed process) resets its connection.
  const smtp = await loopbackSmtp({ hang, ignoreErrors: true });
  await smtp.up();
  return smtp;
}

/** A server process on a free port; once more on another when the port was taken meanwhile. */
async function startProcess(env: Record<string, string>, tries = 3): Promise<Process> {
  try {
    const { child, base, ready } = await spawnServer(env, { stderr: "inherit" });
    await ready("/api/ready", 120_000);
    return { base, child, dead: false };
  } catch (error) {
    if (tries <= 1 || !(error instanceof ServerExited)) throw error;
    return startProcess(env, tries - 1);
  }
}

function stopProcess(p: Process): Promise<void> {
  return new Promise((resolve) => {
    if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
    const force = setTimeout(() => p.child.kill("SIGKILL"), 10_000);
    p.child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    p.child.kill("SIGTERM");
  });
}

/** Waits until `done()` or throws after `ms`. */
async function until(what: string, done: () => Promise<boolean>, ms = 240_000) {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
};

/** Counts the copies of each key: how many were seen once, more, or never among `expected`. */
function tally(expected: string[], seen: string[]) {
  const counts = new Map<string, number>();
  for (const key of seen) counts.set(key, (counts.get(key) ?? 0) + 1);
  return {
    written: expected.length,
    received: expected.filter((key) => (counts.get(key) ?? 0) >= 1).length,
    twice: expected.filter((key) => (counts.get(key) ?? 0) > 1).length,
    never: expected.filter((key) => !counts.has(key)).length,
  };
}

export async function runCluster(options: ClusterOptions): Promise<ClusterResult> {
  const log = options.log ?? (() => {});
  const cleanups: (() => Promise<void>)[] = [];
  const admin = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
  cleanups.push(() => admin.end());
  const query = async <T>(text: string, params: unknown[] = []) =>
    (await admin.query(text, params)).rows as T[];
  try {
    const sink = await mailSink(false);
    const stuck = await mailSink(true);
    cleanups.push(sink.close, stuck.close);
    const receiver = await startWebhookReceiver();
    cleanups.push(receiver.stop);
    let radicale: Radicale | null = null;
    if (options.calendar) {
      radicale = await startRadicale();
      cleanups.push(radicale.stop);
    }
    const dataDirs: string[] = [];
    cleanups.push(async () => {
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });
    const processes: Process[] = [];
    cleanups.push(async () => {
      await Promise.all(processes.map(stopProcess));
    });
    for (let i = 0; i < options.processes; i += 1) {
      const dataDir = mkdtempSync(join(tmpdir(), "slotted-cluster-"));
      dataDirs.push(dataDir);
      processes.push(
        await startProcess({
          DATABASE_URL: options.databaseUrl,
          // Each its own DATA_DIR: uploads and sessions must come from the database.
          DATA_DIR: dataDir,
          TEST_CLOCK_START: CLOCK_START,
          SESSION_SECRET: SECRET,
          ENCRYPTION_KEY,
          // The first process's mail server takes its mail and never answers: when it is
          // killed it holds claimed mail, which the others must send after its lease.
          SMTP_URL: i === 0 ? stuck.url : sink.url,
          DEV_MAILBOX: "0",
          LOG_LEVEL: "error",
          S3_URL: "",
          BOOKING_LIMIT_PER_IP: "0",
          BOOKING_LIMIT_PER_EVENT_TYPE: "0",
          WEBHOOK_ALLOW_PRIVATE: "true",
          CALENDAR_ALLOW_PRIVATE: "true",
        }),
      );
    }
    const live = () => processes.filter((p) => !p.dead);
    log(`${processes.length} processes ready`);

    // A host, verified from the outbox, open around the clock, with a webhook and a calendar.
    const host = processes[1]!.base;
    const signup = await call(host, "POST", "/api/auth/signup", {
      email: "cluster@example.com",
      password: "correct horse battery",
      name: "Cluster Host",
      username: "cluster",
      timeZone: "UTC",
    });
    if (signup.status !== 201) throw new Error(`signup: ${JSON.stringify(signup.body)}`);
    const token = signup.body.token as string;
    const [verification] = await query<{ url: string }>(
      "select payload->'data'->>'url' as url from outbox where payload->>'template' = 'emailVerification'",
    );
    const verified = await call(host, "POST", "/api/auth/verify-email", {
      token: new URL(verification!.url).searchParams.get("token"),
    });
    if (verified.status !== 204) throw new Error(`verify: ${verified.status}`);
    await openHostWeek(host, token, { slug: "cluster", minutes: SLOT_MINUTES });
    const hook = await call(
      host,
      "POST",
      "/api/webhooks",
      {
        url: receiver.url("/cluster"),
        events: ["booking.created", "booking.rescheduled", "booking.cancelled"],
      },
      token,
    );
    if (hook.status !== 201) throw new Error(`webhook: ${JSON.stringify(hook.body)}`);
    let calendarUrl: string | null = null;
    if (radicale) {
      calendarUrl = await createCalendar(radicale, "cluster");
      const connected = await call(
        host,
        "POST",
        "/api/calendar-connections",
        { provider: "CALDAV", serverUrl: radicale.url, username: radicale.user, password: "any" },
        token,
      );
      if (connected.status !== 201) throw new Error(`calendar: ${JSON.stringify(connected.body)}`);
    }

    // Sessions and uploads through any process: signed in on one, used on each other.
    const image = multipartFile(TINY_PNG, { filename: "me.png", type: "image/png" });
    const upload = await fetch(`${processes[0]!.base}/api/uploads`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, ...image.headers },
      body: image.payload,
    }).catch(() => null);
    const uploadId = upload?.ok ? ((await upload.json()) as { id: string }).id : null;

    // The load: each client books the next free slot, and sometimes moves or cancels one of
    // its bookings; every request goes to the next live process in turn.
    const first = new Date(Date.parse(CLOCK_START) + 2 * 86_400_000);
    first.setUTCHours(0, 0, 0, 0);
    let nextSlot = 0;
    let turn = 0;
    const statuses: Record<string, number> = {};
    const bookingMs: number[] = [];
    const bookings: Booking[] = [];
    const taken: { start: number; at: number }[] = [];
    const timetables: { sentAt: number; body: string }[] = [];
    const failures: string[] = [];
    const refusals: string[] = [];
    /** Times a reschedule or cancel was sent for: free again at some moment, not checked. */
    const volatile = new Set<number>();
    let busy = 0;
    let answered = 0;
    let issued = 0;
    const startedAt = performance.now();
    const send = async (method: string, path: string, body?: unknown) => {
      const target = live()[turn++ % live().length]!;
      try {
        let answer = await call(target.base, method, path, body);
        // 503 "busy" (two conflicts in a row, nothing decided): a client tries again.
        let retried = false;
        for (let tries = 0; answer.status === 503 && tries < 3; tries += 1) {
          busy += 1;
          retried = true;
          answer = await call(live()[turn++ % live().length]!.base, method, path, body);
        }
        // Seen under load (issue 33, open): a retry after "busy" told the time was taken, as if
        // the first attempt had committed. Kept apart so the run says how often it happens.
        const request = `${method} ${path.split("?")[0]}`;
        if (answer.status >= 400 && answer.status < 500) {
          refusals.push(
            `${retried ? "after 503: " : ""}${answer.status} ${request}: ${JSON.stringify(answer.body)}`,
          );
        }
        if (retried && answer.status === 409) return { status: "409 after 503", body: answer.body };
        if (answer.status >= 500) {
          failures.push(`${answer.status} ${request}: ${JSON.stringify(answer.body)}`);
        }
        return answer;
      } catch {
        return { status: 0, body: null };
      }
    };
    const count = (status: number | string) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      answered += 1;
    };
    const kill = async () => {
      const victim = processes[0]!;
      victim.dead = true;
      victim.child.kill("SIGKILL");
      await new Promise((resolve) => victim.child.once("exit", resolve));
      log(`killed process 0 (kill -9) after ${answered} answers`);
    };
    let killed: Promise<void> | null = null;
    const client = async (n: number) => {
      while (issued < options.operations) {
        issued += 1;
        if (killed === null && answered >= options.killAfter) killed = kill();
        const mine = bookings.filter((b, i) => i % options.concurrency === n && !b.touched);
        const roll = (issued * 7919) % 10;
        if (roll === 0 && mine.length > 0) {
          const b = mine[0]!;
          b.touched = true;
          volatile.add(Date.parse(b.start));
          const answer = await send(
            "PUT",
            `/api/event/uuid/${b.attendeeUuid}/cancel?token=${encodeURIComponent(b.token)}`,
            { cancellation_reason: "Cluster" },
          );
          count(answer.status);
          if (answer.status === 200) b.state = "cancelled";
          if (answer.status === 0) b.unanswered = { cancel: true };
        } else if (roll === 1 && mine.length > 0) {
          const b = mine[0]!;
          b.touched = true;
          volatile.add(Date.parse(b.start));
          const start = new Date(
            first.getTime() + nextSlot++ * SLOT_MINUTES * 60_000,
          ).toISOString();
          const answer = await send("POST", "/api/event/reschedule", {
            attendeeUuid: b.attendeeUuid,
            token: b.token,
            start,
            timezone: "UTC",
            reason: "",
          });
          count(answer.status);
          if (answer.status === 200) {
            b.uuid = answer.body.event.uuid;
            b.start = start;
          }
          if (answer.status === 0) b.unanswered = { to: start };
        } else if (roll === 2) {
          const sentAt = performance.now();
          const answer = await send(
            "GET",
            `/api/timetable?${new URLSearchParams({
              userLink: "cluster",
              eventTypeLink: "cluster",
              start: first.toISOString().slice(0, 10),
              end: new Date(first.getTime() + 6 * 86_400_000).toISOString().slice(0, 10),
              timezone: "UTC",
            })}`,
          );
          count(answer.status);
          if (answer.status === 200) timetables.push({ sentAt, body: JSON.stringify(answer.body) });
        } else {
          const start = new Date(
            first.getTime() + nextSlot++ * SLOT_MINUTES * 60_000,
          ).toISOString();
          const email = `invitee${issued}@example.com`;
          const sent = performance.now();
          const answer = await send("POST", "/api/event", {
            userLink: "cluster",
            eventTypeLink: "cluster",
            start,
            timezone: "UTC",
            name: `Invitee ${issued}`,
            email,
          });
          bookingMs.push(performance.now() - sent);
          count(answer.status);
          if (answer.status === 201) {
            taken.push({ start: Date.parse(start), at: performance.now() });
            bookings.push({
              start,
              uuid: answer.body.event.uuid,
              attendeeUuid: answer.body.attendee.uuid,
              token: answer.body.attendee.token,
              email,
              state: "confirmed",
              touched: false,
            });
          }
        }
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, (_, n) => client(n)));
    await killed;
    const seconds = (performance.now() - startedAt) / 1000;
    log(`load done: ${answered} answers in ${seconds.toFixed(1)} s`);

    // Then every effect is derived and done, the killed process's jobs by the others once its
    // leases ran out: no change left, no immediate job pending.
    await until(
      "the effects",
      async () => {
        const [left] = await query<{ n: number }>(
          `select (select count(*) from booking_changes where processed_at is null)
              + (select count(*) from outbox where status = 'pending' and purpose is null
                   and kind in ('mail', 'webhook', 'calendar'))
              + (select count(*) from webhook_deliveries where status = 'pending') as n`,
        );
        return Number(left!.n) === 0;
      },
      PAST_LEASES_MS,
    );

    // Mails: each immediate one written, received by the sink; a key is its outbox id.
    const written = await query<{ id: string; attempts: number }>(
      "select id::text, attempts from outbox where kind = 'mail' and purpose is null",
    );
    const messageIds = sink.received.map(
      (raw) => /^Message-ID: <outbox-(\d+)@/im.exec(raw)?.[1] ?? "",
    );
    const mails = tally(
      written.map((row) => row.id),
      messageIds,
    );
    // A delivery's claims are its outbox row's attempts: one the killed process sent but never
    // recorded shows a single recorded attempt in webhook_deliveries, yet was claimed twice.
    const deliveries = await query<{ id: string; attempts: number }>(
      `select d.id::text, o.attempts from webhook_deliveries d
         join outbox o on o.kind = 'webhook' and o.payload->>'deliveryId' = d.id::text`,
    );
    const arrived = receiver.received.map((r) => String(r.headers["slotted-delivery-id"]));
    const webhooks = tally(
      deliveries.map((row) => row.id),
      arrived,
    );
    const claimedOnce = new Set(deliveries.filter((row) => row.attempts <= 1).map((row) => row.id));
    const webhooksTwiceUnclaimed = [
      ...new Set(arrived.filter((id, i) => claimedOnce.has(id) && arrived.indexOf(id) !== i)),
    ];
    const pickedUp = [...written, ...deliveries].filter((row) => row.attempts > 1).length;

    // Bookings: every one answered 2xx is there as last answered.
    const rows = await query<{ id: string; status: string; start: string }>(
      "select id::text, status, start_at as start from events",
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const missingBookings = bookings
      .filter((b) => {
        const row = byId.get(b.uuid);
        if (row === undefined) return true;
        if (b.state === "cancelled") return row.status !== "CANCELLED";
        const start = new Date(row.start).toISOString();
        if (b.unanswered && "cancel" in b.unanswered && row.status === "CANCELLED") return false;
        if (b.unanswered && "to" in b.unanswered && start === b.unanswered.to) {
          return row.status !== "CONFIRMED";
        }
        return row.status !== "CONFIRMED" || start !== b.start;
      })
      .map((b) => {
        const row = byId.get(b.uuid);
        const found = row ? `${row.status} at ${new Date(row.start).toISOString()}` : "nothing";
        const cut = b.unanswered ? ` (then cut off: ${JSON.stringify(b.unanswered)})` : "";
        return `${b.uuid}: answered ${b.state} at ${b.start}${cut}, found ${found}`;
      });

    // Calendar: one event per live booking in Radicale.
    let calendar: ClusterResult["calendar"] = null;
    if (radicale && calendarUrl) {
      const report = await fetch(calendarUrl, {
        method: "PROPFIND",
        headers: { authorization: radicale.authorization, depth: "1" },
      });
      const text = await report.text();
      const files = [...text.matchAll(/<href>([^<]+\.ics)<\/href>/g)].map((m) => m[1]!);
      const uids: string[] = [];
      for (const file of files) {
        const ics = await (
          await fetch(new URL(file, radicale.url), {
            headers: { authorization: radicale.authorization },
          })
        ).text();
        const uid = /^UID:(.+)$/m.exec(ics)?.[1]?.trim();
        if (uid) uids.push(uid);
      }
      const liveBookings = rows.filter((row) => row.status === "CONFIRMED");
      const counted = tally(
        liveBookings.map((row) => row.id),
        uids.map((uid) => uid.replace(/@.*$/, "")),
      );
      calendar = {
        expected: liveBookings.length,
        found: counted.received,
        twice: counted.twice,
        missing: counted.never,
      };
    }

    // Timetables: none offered a time answered 201 before it was asked for, never moved since.
    let offeredTaken = 0;
    for (const { sentAt, body } of timetables) {
      const before = new Set(
        taken.filter((t) => t.at < sentAt && !volatile.has(t.start)).map((t) => t.start),
      );
      const parsed = JSON.parse(body) as {
        timetable: { slots: Record<string, { start: string }> }[];
      };
      for (const day of parsed.timetable) {
        for (const slot of Object.values(day.slots)) {
          if (before.has(Date.parse(slot.start))) offeredTaken += 1;
        }
      }
    }

    // Uploads and sessions through every survivor.
    let uploadsEverywhere = uploadId !== null;
    let sessionsEverywhere = true;
    for (const p of live()) {
      if (uploadId !== null) {
        const file = await fetch(`${p.base}/api/uploads/${uploadId}`);
        uploadsEverywhere &&= file.ok && Buffer.from(await file.arrayBuffer()).equals(TINY_PNG);
      }
      const me = await call(p.base, "GET", "/api/me", undefined, token);
      sessionsEverywhere &&= me.status === 200 && me.body.user.username === "cluster";
    }

    return {
      answered,
      statuses,
      busy,
      failures,
      refusals,
      bookingsPerSecond: bookings.length / seconds,
      p95Ms: percentile(bookingMs, 0.95),
      missingBookings,
      mails,
      webhooks,
      webhooksTwiceUnclaimed,
      calendar,
      pickedUp,
      timetablesChecked: timetables.length,
      offeredTaken,
      uploadsEverywhere,
      sessionsEverywhere,
    };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }
}
