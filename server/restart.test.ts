import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, inject, it, onTestFinished, vi } from "vitest";
import { WEBHOOK_EVENTS } from "../core/webhooks/webhookEvents";
import { type Database, openPglite, openPostgres, pgliteExtensions } from "./db/database";
import { smtpInboxDown } from "./mail/testing/smtpInbox";
import { call, hostWithEventType } from "./test/httpHost";
import { type ServerProcess, startServerProcess } from "./test/serverProcess";
import { createTestDatabase, testEngine } from "./test/testDatabase";
import { signatureValid, startWebhookReceiver } from "./webhooks/testing/webhookReceiver";

const MINUTE = 60_000;
/** Where the first server's clock starts (TEST_CLOCK_START): the run never reads the date it is. */
const CLOCK_START = new Date("2027-01-04T06:00:00Z");
/** Where the next server's clock starts: an hour passed while no server ran. */
const RESTARTED_AT = new Date(CLOCK_START.getTime() + 60 * MINUTE);

type Server = ServerProcess;

/** server/main.ts in a process of its own, healthy on a free loopback port. */
function startServer(env: Record<string, string>): Promise<Server> {
  return startServerProcess({
    ...env,
    SESSION_SECRET: "restart-test-secret-restart-test-secret-",
    LOG_LEVEL: "error",
    DEV_MAILBOX: "true",
    WEBHOOK_ALLOW_PRIVATE: "true",
  });
}

/** SIGTERM, and the clean exit that follows once in-flight work is done. */
async function stopServer(server: Server) {
  server.child.kill("SIGTERM");
  const code = await new Promise((resolve) => server.child.once("exit", resolve));
  expect(code).toBe(0);
}

/** Polls `check` until it holds (each round a real HTTP or SMTP exchange), or gives up. */
async function until(what: string, check: () => Promise<boolean> | boolean) {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`gave up waiting: ${what}`);
    },
    { timeout: 60_000, interval: 100 },
  );
}

/** The first 15-minute slot at least `aheadMs` after CLOCK_START (UTC). */
function slotAfter(aheadMs: number): string {
  const quarter = 15 * MINUTE;
  return new Date(Math.ceil((CLOCK_START.getTime() + aheadMs) / quarter) * quarter).toISOString();
}

describe(`a server restarted on the same data (${testEngine})`, () => {
  it("delivers the webhooks and the due reminder left in the outbox once each, by the next process", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "slotted-restart-"));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    let env: Record<string, string>;
    let open: () => Promise<Database>;
    if (testEngine === "pglite") {
      const template = new PGlite({
        dataDir: join(dataDir, "pglite"),
        loadDataDir: new Blob([readFileSync(inject("pgliteTemplate"))]),
        extensions: pgliteExtensions,
      });
      await template.waitReady;
      await template.close();
      env = { DATA_DIR: dataDir, DATABASE_URL: "" };
      open = () => openPglite(join(dataDir, "pglite"));
    } else {
      const database = await createTestDatabase();
      await database.close();
      env = { DATA_DIR: dataDir, DATABASE_URL: database.url! };
      open = async () => openPostgres(database.url!, 2);
    }
    // The receiver is down while the first process runs, and it sends no mail (no SMTP_URL):
    // what it wrote waits in the outbox, read from its development mailbox.
    const receiver = await startWebhookReceiver();
    onTestFinished(() => receiver.stop());
    await receiver.down();
    const smtp = await smtpInboxDown();

    const first = await startServer({
      ...env,
      SMTP_URL: "",
      TEST_CLOCK_START: CLOCK_START.toISOString(),
    });
    const { username, token } = await hostWithEventType(first.base, "restart-host", {
      slug: "talk",
    });
    const hook = await call(
      first.base,
      "POST",
      "/api/webhooks",
      { url: receiver.url("/hook"), events: [...WEBHOOK_EVENTS] },
      token,
    );
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const book = async (start: string, n: number) => {
      const answer = await call(first.base, "POST", "/api/event", {
        userLink: username,
        eventTypeLink: "talk",
        start,
        timezone: "UTC",
        name: `Invitee ${n}`,
        email: `invitee${n}@example.com`,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body.event.uuid as string;
    };
    // Its 24-hours-before reminder (the event type's default) comes due minutes after CLOCK_START.
    const kept = await book(slotAfter(24 * 60 * MINUTE + 2 * MINUTE), 1);
    const dropped = await book(slotAfter(48 * 60 * MINUTE), 2);
    const cancelled = await call(
      first.base,
      "PUT",
      `/api/event/uuid/${dropped}/cancel`,
      { cancellation_reason: "Ill" },
      token,
    );
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // The first process tried the receiver at least once and is waiting to retry.
    await until("a failed first attempt", async () => {
      const log = await call(
        first.base,
        "GET",
        `/api/webhooks/${hook.body.id}/deliveries`,
        undefined,
        token,
      );
      return log.body.deliveries.some((d: { attempts: number }) => d.attempts > 0);
    });
    await stopServer(first);

    // While no server ran, an hour passed: the retries and the reminder came due by RESTARTED_AT.
    const between = await open();
    const pending = await between.query<{ kind: string; purpose: string | null }>(
      "select kind, purpose from outbox where status = 'pending'",
    );
    expect(pending.filter((row) => row.kind === "webhook")).toHaveLength(3);
    expect(pending.filter((row) => row.purpose === "reminder")).toHaveLength(1);
    const mailCount = pending.filter((row) => row.kind === "mail").length;
    await between.query(
      "update outbox set next_attempt_at = $1 where status = 'pending' and next_attempt_at > $1",
      [RESTARTED_AT.toISOString()],
    );
    await between.close();

    await receiver.up();
    await smtp.up();
    const second = await startServer({
      ...env,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      TEST_CLOCK_START: RESTARTED_AT.toISOString(),
    });
    await until("every delivery delivered", async () => {
      const log = await call(
        second.base,
        "GET",
        `/api/webhooks/${hook.body.id}/deliveries`,
        undefined,
        token,
      );
      return (
        log.body.deliveries.length === 3 &&
        log.body.deliveries.every((d: { status: string }) => d.status === "delivered")
      );
    });
    await until("every mail sent", () => smtp.received.length >= mailCount);
    await stopServer(second);

    // Each event arrived once, signed, in order per booking.
    const got = receiver.received.filter((r) => r.path === "/hook");
    expect(
      got.map((r) => `${r.json.type} ${(r.json.data.booking as { uuid: string }).uuid}`).sort(),
    ).toEqual(
      [
        `booking.cancelled ${dropped}`,
        `booking.created ${dropped}`,
        `booking.created ${kept}`,
      ].sort(),
    );
    for (const r of got) expect(signatureValid(hook.body.secret, r.headers, r.body)).toBe(true);
    const ofDropped = got.filter((r) => (r.json.data.booking as { uuid: string }).uuid === dropped);
    expect(ofDropped.map((r) => r.json.type)).toEqual(["booking.created", "booking.cancelled"]);

    // Every mail went once (one Message-ID each), the reminder among them.
    const after = await open();
    onTestFinished(() => after.close());
    const mails = await after.query<{
      id: string | number;
      status: string;
      purpose: string | null;
    }>("select id, status, purpose from outbox where kind = 'mail'");
    expect(mails.filter((mail) => mail.status !== "sent")).toEqual([]);
    const ids = smtp.received.map((raw) => /Message-ID: <outbox-(\d+)@/i.exec(raw)?.[1]);
    expect(ids.sort()).toEqual(mails.map((mail) => String(mail.id)).sort());
    const reminder = mails.find((mail) => mail.purpose === "reminder");
    expect(reminder).toBeDefined();
    expect(ids.filter((id) => id === String(reminder!.id))).toHaveLength(1);
  }, 180_000);
});
