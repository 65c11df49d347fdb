import { createServer } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { describe, expect, it, onTestFinished } from "vitest";
import { type Database, openPostgres } from "../db/database";
import { outbox } from "../db/schema";
import { bookingBody, bookOk, upcomingBerlinSlot, userLink } from "../test/bookingFactories";
import { createEventType, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { testEngine } from "../test/testDatabase";
import { retryDelay, startOutboxWorker } from "./outboxWorker";

const t = await createTestApp();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function until(condition: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("retryDelay", () => {
  it("doubles from the base and stops at the cap", () => {
    expect([1, 2, 3, 4, 10].map((n) => retryDelay(n, 1000, 5000))).toEqual([
      1000, 2000, 4000, 5000, 5000,
    ]);
  });
});

describe("outbox worker", () => {
  it("delivers every mail exactly once after the SMTP server comes back, with two workers", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    for (const [i, time] of ["10:00", "11:00", "12:00"].entries()) {
      await bookOk(
        t,
        bookingBody(userLink(host, type), {
          start: upcomingBerlinSlot(3, time),
          guests: i === 0 ? ["guest@example.com"] : [],
        }),
      );
    }
    const rows = await t.database.db.select().from(outbox).where(eq(outbox.kind, "mail"));
    expect(rows).toHaveLength(7);

    const port = await freePort();
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, _session, callback) {
        let raw = "";
        stream.on("data", (chunk: Buffer) => {
          raw += chunk.toString("utf8");
        });
        stream.on("end", () => {
          received.push(raw);
          callback();
        });
      },
    });
    // A second process's worker: its own pool on PostgreSQL, the same instance on PGlite.
    const second: Database =
      testEngine === "postgres"
        ? openPostgres((t.database as Database & { url: string }).url, 2)
        : t.database;
    const options = {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      publicUrl: "http://localhost:3000",
      clock: () => new Date(),
      pollMs: 20,
      batchSize: 3,
      baseDelayMs: 50,
      maxDelayMs: 200,
    };
    const workers = [
      startOutboxWorker({ ...options, database: t.database }),
      startOutboxWorker({ ...options, database: second }),
    ];
    onTestFinished(async () => {
      await Promise.all(workers.map((w) => w.stop()));
      if (second !== t.database) await second.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    });

    // SMTP is down: attempts fail and are retried later, nothing is lost or marked sent.
    await until(async () => {
      const now = await t.database.db.select().from(outbox);
      return now.every((row) => row.attempts >= 2);
    });
    const failing = await t.database.db.select().from(outbox);
    expect(failing.every((row) => row.status === "pending" && row.lastError !== null)).toBe(true);

    await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", () => resolve()));
    await until(async () => {
      const now = await t.database.db.select().from(outbox);
      return now.every((row) => row.status === "sent");
    });
    await new Promise((r) => setTimeout(r, 300));
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
