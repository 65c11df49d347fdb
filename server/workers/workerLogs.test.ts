import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { startCalendarWorker } from "../calendars/calendarWorker";
import type { Database } from "../db/database";
import { loggerOptions } from "../loggerOptions";
import { startOutboxWorker } from "../mail/outboxWorker";
import type { PaymentGateway } from "../payments/paymentGateway";
import { startPaymentWorker } from "../payments/paymentWorker";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { createTestDatabase } from "../test/testDatabase";
import { deliverDueWebhooks, startWebhookWorker } from "../webhooks/webhookWorker";

/** The workers' log, as main.ts builds it (app.log: pino with the server's serializers). */
function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const log = pino(loggerOptions("info", stream), stream);
  const entries = () =>
    lines.map((line) => JSON.parse(line) as { msg: string; err?: Record<string, unknown> });
  return { log, lines, entries };
}

// A distinctive instant: every worker's statements carry the clock (and leases after it) as
// parameters, so any rendering of it in the log is a parameter that got through.
const NOW = new Date("2031-07-19T13:37:42.123Z");
const clock = () => NOW;
const SECRET = "sk_live_51SecretAnswerOfTheReceiver";

/** Makes every UPDATE of `table` fail, with or without rows: a statement the worker needs. */
async function refuseUpdates(database: Database, table: string) {
  await database.db.execute(
    sql.raw(`create or replace function refuse_update() returns trigger language plpgsql as $$
      begin raise exception 'updates refused by this test'; end $$`),
  );
  await database.db.execute(
    sql.raw(`create trigger refuse_update before update on ${table}
      for each statement execute function refuse_update()`),
  );
}

/** Polls until `entries` holds a line with `msg` (a worker logs from its own timer). */
async function logged(
  entries: () => { msg: string; err?: Record<string, unknown> }[],
  msg: string,
): Promise<Record<string, unknown>> {
  for (let i = 0; i < 500; i++) {
    const entry = entries().find((e) => e.msg === msg);
    if (entry) return entry.err ?? {};
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`never logged: ${msg}`);
}

function expectNoParameters(lines: string[], secret?: string) {
  const text = lines.join("");
  expect(text).not.toMatch(/params/i);
  expect(text).not.toContain("2031");
  expect(text).not.toContain(String(NOW.getTime()).slice(0, 8));
  if (secret) expect(text).not.toContain(secret);
}

describe("worker failure logs hold no statement parameters", async () => {
  const database = await createTestDatabase();
  afterAll(() => database.close());
  await refuseUpdates(database, "outbox");
  await refuseUpdates(database, "calendar_connections");

  it("calendar worker", async () => {
    const { log, lines, entries } = capturedLog();
    const worker = startCalendarWorker({
      database,
      encryptionKey: Buffer.alloc(32),
      allowPrivate: false,
      publicUrl: "http://localhost:3000",
      clock,
      log,
      pollMs: 3_600_000,
    });
    await worker.pass();
    await worker.stop();
    const err = await logged(entries, "calendar pass failed");
    expect(err.query).toMatch(/update calendar_connections/);
    // The start's own statement (every connection due at once) fails the same way.
    expect((await logged(entries, "calendar start failed")).query).toMatch(/next_sync_at/);
    expectNoParameters(lines);
  });

  it("mail outbox worker", async () => {
    const { log, lines, entries } = capturedLog();
    const worker = startOutboxWorker({
      database,
      smtpUrl: "smtp://127.0.0.1:9",
      publicUrl: "http://localhost:3000",
      clock,
      log,
      pollMs: 3_600_000,
    });
    await worker.drain();
    await worker.stop();
    const err = await logged(entries, "outbox pass failed");
    expect(err.query).toMatch(/update outbox/);
    expectNoParameters(lines);
  });

  it("payment worker", async () => {
    const { log, lines, entries } = capturedLog();
    const worker = startPaymentWorker({
      database,
      gateway: {} as PaymentGateway,
      publicUrl: "http://localhost:3000",
      secret: "session-secret",
      clock,
      log,
      pollMs: 3_600_000,
    });
    await worker.drain();
    await worker.stop();
    const err = await logged(entries, "payment pass failed");
    expect(err.query).toMatch(/update outbox/);
    expectNoParameters(lines);
  });

  it("webhook worker", async () => {
    const { log, lines, entries } = capturedLog();
    const worker = startWebhookWorker({
      database,
      publicUrl: "http://localhost:3000",
      clock,
      allowPrivate: false,
      encryptionKey: Buffer.alloc(32),
      log,
      pollMs: 3_600_000,
    });
    await worker.drain();
    await worker.stop();
    const err = await logged(entries, "webhook pass failed");
    expect(err.query).toMatch(/update outbox/);
    expectNoParameters(lines);
  });
});

describe("a webhook attempt that cannot be recorded", async () => {
  // The receiver's answer is kept as the delivery's excerpt: a parameter of the failed update.
  const receiver = createServer((_request, response) => response.end(SECRET));
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  afterAll(() => new Promise((resolve) => receiver.close(resolve)));
  const t = await createTestApp();
  t.setNow(NOW);

  it("is logged without the answer it was recording", async () => {
    const host = await signUpHost(t);
    const port = (receiver.address() as AddressInfo).port;
    const hook = await t.request({
      method: "POST",
      url: "/api/webhooks",
      headers: host.headers,
      payload: { url: `http://127.0.0.1:${port}/hook`, events: ["ping"] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const ping = await t.request({
      method: "POST",
      url: `/api/webhooks/${hook.json().id}/ping`,
      headers: host.headers,
    });
    expect(ping.statusCode, ping.body).toBe(202);
    await refuseUpdates(t.database, "webhook_deliveries");
    const { log, lines, entries } = capturedLog();
    const delivered = await deliverDueWebhooks({
      database: t.database,
      publicUrl: t.deps.config.publicUrl,
      clock: () => new Date(NOW.getTime() + 60_000),
      allowPrivate: true,
      encryptionKey: t.deps.config.encryptionKey,
      log,
    });
    expect(delivered).toBe(0);
    const err = await logged(entries, "webhook attempt lost");
    expect(err.query).toMatch(/update webhook_deliveries/);
    expectNoParameters(lines, SECRET);
  });
});
