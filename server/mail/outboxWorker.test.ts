import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { runningClockFrom } from "../clock";
import { outbox } from "../db/schema";
import { BOOKING_NOW, berlinSlot, bookingBody, bookOk, userLink } from "../test/bookingFactories";
import { createEventType, signUpHost } from "../test/factories";
import { freePort } from "../test/freePort";
import { createTestApp } from "../test/testApp";
import type { MailPayload } from "./mailTypes";
import { enqueueMails } from "./outbox";
import { startOutboxWorker } from "./outboxWorker";
import { twoWorkers } from "./testing/outboxWorkers";
import { smtpInboxDown } from "./testing/smtpInbox";

const t = await createTestApp();
// Bookings are made and mail is queued at BOOKING_NOW, whatever the date of the run.
t.setNow(BOOKING_NOW);

async function until(condition: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  await vi.waitFor(
    async () => {
      if (!(await condition())) throw new Error("not yet");
    },
    { timeout: timeoutMs, interval: 25 },
  );
}

describe("outbox worker", () => {
  it("delivers every mail exactly once after the SMTP server comes back, with two workers", async () => {
    const host = await signUpHost(t);
    // Mails due now only: reminders have their own test (reminders.test.ts).
    const type = await createEventType(t, host, { reminders: [] });
    for (const [i, time] of ["10:00", "11:00", "12:00"].entries()) {
      await bookOk(
        t,
        bookingBody(userLink(host, type), {
          start: berlinSlot(3, time),
          guests: i === 0 ? ["guest@example.com"] : [],
        }),
      );
    }
    const rows = await t.database.db.select().from(outbox).where(eq(outbox.kind, "mail"));
    expect(rows).toHaveLength(7);

    // Down until the workers have failed twice.
    const { port, received, up } = await smtpInboxDown();
    // Retries back off in real milliseconds: the workers' clock runs on from BOOKING_NOW.
    const clock = runningClockFrom(BOOKING_NOW);
    const workers = twoWorkers(t, port, {
      clock: clock.now,
      pollMs: 20,
      baseDelayMs: 50,
      maxDelayMs: 200,
    });

    // SMTP is down: attempts fail and are retried later, nothing is lost or marked sent.
    await until(async () => {
      const now = await t.database.db.select().from(outbox);
      return now.every((row) => row.attempts >= 2);
    });
    const failing = await t.database.db.select().from(outbox);
    expect(failing.every((row) => row.status === "pending" && row.lastError !== null)).toBe(true);

    await up();
    await until(async () => {
      const now = await t.database.db.select().from(outbox);
      return now.every((row) => row.status === "sent");
    });
    // Stopped, the workers have finished every send they started: a second copy would be here.
    await workers.stopBoth();
    expect(received).toHaveLength(7);
    const ids = received.map((raw) => /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim());
    expect(new Set(ids).size).toBe(7);
    const toGuest = received.filter((raw) => /^To: guest@example.com/im.test(raw));
    expect(toGuest).toHaveLength(1);
    expect(
      received.every((raw) => /text\/calendar; ?charset=utf-8; ?method=REQUEST/i.test(raw)),
    ).toBe(true);
    expect(received.every((raw) => raw.includes("invite.ics"))).toBe(true);
  });
});

/** An SMTP server on a free loopback port that holds each message `holdMs` before accepting. */
async function smtpSink(
  holdMs: number,
  onMessage: (count: number) => Promise<void> = async () => {},
) {
  const port = await freePort();
  const stats = { connections: 0, received: 0, active: 0, maxActive: 0 };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    disableReverseLookup: true,
    logger: false,
    onConnect(_session, callback) {
      stats.connections += 1;
      callback();
    },
    onData(stream, _session, callback) {
      stats.active += 1;
      stats.maxActive = Math.max(stats.maxActive, stats.active);
      stream.resume();
      stream.on("end", async () => {
        stats.received += 1;
        await onMessage(stats.received);
        await new Promise((r) => setTimeout(r, holdMs));
        stats.active -= 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", () => resolve()));
  onTestFinished(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
  return { port, stats };
}

/** `count` copies of one real booking mail, addressed to distinct invitees. */
async function mailsToSend(count: number): Promise<MailPayload[]> {
  await t.database.db.delete(outbox);
  const host = await signUpHost(t);
  const type = await createEventType(t, host, { reminders: [] });
  await bookOk(t, bookingBody(userLink(host, type), { start: berlinSlot(4, "10:00") }));
  const [row] = await t.database.db.select().from(outbox).limit(1);
  await t.database.db.delete(outbox);
  const payload = row!.payload as unknown as MailPayload;
  return Array.from({ length: count }, (_, i) => ({
    ...payload,
    to: { email: `invitee-${i}@example.com`, name: `Invitee ${i}` },
  }));
}

function worker(port: number, concurrency: number) {
  const started = startOutboxWorker({
    database: t.database,
    smtpUrl: `smtp://127.0.0.1:${port}`,
    publicUrl: "http://localhost:3000",
    // The mail was queued at BOOKING_NOW; a pass claims what is due then.
    clock: () => BOOKING_NOW,
    // Never polls: only drain() sends, so what one pass does is what is measured.
    pollMs: 3_600_000,
    concurrency,
  });
  onTestFinished(() => started.stop());
  return started;
}

async function statuses() {
  const rows = await t.database.db.execute<{ status: string; n: number }>(
    sql`select status, count(*)::int as n from outbox group by status`,
  );
  return Object.fromEntries(rows.rows.map((row) => [row.status, row.n]));
}

describe("outbox worker throughput", () => {
  it("sends up to `concurrency` mails at once over that many reused connections, and keeps claiming while mail is due", async () => {
    const mails = await mailsToSend(18);
    await enqueueMails(t.database.db, mails.slice(0, 12), BOOKING_NOW);
    // Mail written while the pass runs (a booking meanwhile) goes out in the same pass.
    const { port, stats } = await smtpSink(30, async (count) => {
      if (count === 1) await enqueueMails(t.database.db, mails.slice(12), BOOKING_NOW);
    });

    const sent = await worker(port, 3).drain();

    expect(sent).toBe(18);
    expect(await statuses()).toEqual({ sent: 18 });
    expect(stats.received).toBe(18);
    expect(stats.maxActive).toBe(3);
    expect(stats.connections).toBeLessThanOrEqual(3);
  });

  it("gives the mails it claimed but had not started back when it stops, for the next process at once", async () => {
    const mails = await mailsToSend(10);
    await enqueueMails(t.database.db, mails, BOOKING_NOW);
    let first: () => void = () => {};
    const firstArrived = new Promise<void>((resolve) => {
      first = resolve;
    });
    const { port, stats } = await smtpSink(100, async () => first());
    const sender = worker(port, 1);

    const draining = sender.drain();
    await firstArrived;
    await sender.stop();
    await draining;

    const rows = await t.database.db.select().from(outbox);
    const sent = rows.filter((row) => row.status === "sent");
    expect(sent).toHaveLength(stats.received);
    const waiting = rows.filter((row) => row.status === "pending");
    expect(waiting.length).toBeGreaterThan(0);
    for (const row of waiting) {
      expect(row.attempts).toBe(0);
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(BOOKING_NOW.getTime());
    }
  });

  it("keeps sending while the main thread is busy: SMTP runs on a thread of its own", async () => {
    const mails = await mailsToSend(8);
    await enqueueMails(t.database.db, mails, BOOKING_NOW);
    const inbox = await smtpInboxThread();
    const draining = worker(inbox.port, 2).drain();
    await until(() => inbox.received() >= 1);

    // Under booking load the main thread's event loop turns a few times a second (on PGlite each
    // turn runs every queued booking transaction through): here it does not turn at all until
    // the inbox has every mail. A worker speaking SMTP on this thread gets no further.
    inbox.blockUntil(mails.length, 10_000);

    expect(inbox.received()).toBe(mails.length);
    expect(await draining).toBe(mails.length);
    expect(await statuses()).toEqual({ sent: mails.length });
  });
});

/**
 * A loopback SMTP inbox in a thread of its own, counting messages in shared memory, so the test
 * can block its own thread and still see mail arrive.
 */
async function smtpInboxThread() {
  const port = await freePort();
  const count = new Int32Array(new SharedArrayBuffer(4));
  const smtpServer = createRequire(import.meta.url).resolve("smtp-server");
  const thread = new Worker(
    `const { parentPort, workerData } = require("node:worker_threads");
     const { SMTPServer } = require(${JSON.stringify(smtpServer)});
     const server = new SMTPServer({
       authOptional: true, disabledCommands: ["STARTTLS", "AUTH"], disableReverseLookup: true,
       logger: false,
       onData(stream, _session, callback) {
         stream.resume();
         stream.on("end", () => {
           Atomics.add(workerData.count, 0, 1);
           Atomics.notify(workerData.count, 0);
           callback();
         });
       },
     });
     server.listen(workerData.port, "127.0.0.1", () => parentPort.postMessage("up"));
     parentPort.on("message", () => server.close(() => process.exit(0)));`,
    { eval: true, workerData: { port, count } },
  );
  await new Promise((resolve) => thread.once("message", resolve));
  onTestFinished(async () => {
    const exited = new Promise((resolve) => thread.once("exit", resolve));
    thread.postMessage("close");
    await exited;
  });
  return {
    port,
    received: () => Atomics.load(count, 0),
    /** Blocks this thread until `n` messages arrived or `timeoutMs` passed. */
    blockUntil(n: number, timeoutMs: number) {
      const deadline = performance.now() + timeoutMs;
      for (let seen = Atomics.load(count, 0); seen < n; seen = Atomics.load(count, 0)) {
        const left = deadline - performance.now();
        if (left <= 0) return;
        Atomics.wait(count, 0, seen, left);
      }
    },
  };
}
