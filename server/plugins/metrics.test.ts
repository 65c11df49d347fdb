import { Writable } from "node:stream";
import { describe, expect, it, onTestFinished } from "vitest";
import { buildApp } from "../app";
import { drainChanges } from "../bookingChanges/testing/drainChanges";
import { calendarConnections, outbox } from "../db/schema";
import { BOOKING_NOW, berlinSlot, bookingBody, userLink } from "../test/bookingFactories";
import { createEventType, signUpHost } from "../test/factories";
import { createTestApp, type TestApp, testConfig } from "../test/testApp";
import { createTestDatabase, testEngine } from "../test/testDatabase";

async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  if (address === null || typeof address === "string") throw new Error("not listening");
  return `http://127.0.0.1:${address.port}`;
}

/** One sample of `text`'s exposition: the value of `name{labels}` (labels in any order). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      return Number(match[3]);
    }
  }
  return null;
}

async function post(base: string, path: string, body: unknown) {
  return fetch(base + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe(`/metrics (${testEngine})`, () => {
  it("is not served without METRICS_ALLOW", async () => {
    const t = await createTestApp();
    const base = await listening(t);
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
  });

  it("is served only to the addresses METRICS_ALLOW lists, the forwarded one when TRUST_PROXY names the proxy", async () => {
    const direct = await createTestApp({ metricsAllow: ["10.0.0.0/8"] });
    const directBase = await listening(direct);
    expect((await fetch(`${directBase}/metrics`)).status).toBe(404);
    // Without TRUST_PROXY a forwarded header is whatever the client wrote: not believed.
    const forged = await fetch(`${directBase}/metrics`, {
      headers: { "x-forwarded-for": "10.1.2.3" },
    });
    expect(forged.status).toBe(404);

    const proxied = await createTestApp({ metricsAllow: ["10.0.0.0/8"], trustProxy: ["loopback"] });
    const proxiedBase = await listening(proxied);
    const throughProxy = await fetch(`${proxiedBase}/metrics`, {
      headers: { "x-forwarded-for": "10.1.2.3" },
    });
    expect(throughProxy.status).toBe(200);
    const outside = await fetch(`${proxiedBase}/metrics`, {
      headers: { "x-forwarded-for": "192.0.2.7" },
    });
    expect(outside.status).toBe(404);
  });

  it("counts bookings made and refused by reason, request latency by route, the outbox by kind, calendar sync age and the pool", async () => {
    const t = await createTestApp({ metricsAllow: ["loopback"] });
    t.setNow(BOOKING_NOW);
    const base = await listening(t);
    const host = await signUpHost(t);
    const eventType = await createEventType(t, host);
    const link = userLink(host, eventType);
    const taken = bookingBody(link, { start: berlinSlot(0, "10:00") });
    expect((await post(base, "/api/event", taken)).status).toBe(201);
    expect((await post(base, "/api/event", bookingBody(link))).status).toBe(201);
    expect((await post(base, "/api/event", { ...taken, email: "late@example.com" })).status).toBe(
      409,
    );
    expect((await post(base, "/api/event", { ...taken, email: "not an email" })).status).toBe(422);
    await drainChanges(t);
    // A calendar feed last read ten minutes before now, and a mail that failed twice.
    await t.database.db.insert(calendarConnections).values({
      userId: host.id,
      provider: "ICS",
      name: "Feed",
      serverUrl: "https://calendar.example.com",
      secret: "sealed",
      lastSyncedAt: new Date(BOOKING_NOW.getTime() - 600_000),
    });
    await t.database.db.insert(outbox).values({
      kind: "mail",
      payload: {},
      attempts: 2,
      nextAttemptAt: new Date(BOOKING_NOW.getTime() - 60_000),
      createdAt: new Date(BOOKING_NOW.getTime() - 120_000),
    });
    await t.database.db.insert(outbox).values({ kind: "webhook", payload: {}, status: "dead" });
    // The mails the bookings wrote became due at BOOKING_NOW; an hour later they still wait.
    t.setNow(new Date(BOOKING_NOW.getTime() + 3_600_000));

    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(sample(text, "slotted_bookings_made_total")).toBe(2);
    expect(sample(text, "slotted_bookings_refused_total", { reason: "slot_taken" })).toBe(1);
    expect(sample(text, "slotted_bookings_refused_total", { reason: "invalid" })).toBe(1);
    expect(
      sample(text, "slotted_http_request_duration_seconds_count", {
        method: "POST",
        route: "/api/event",
        status: "201",
      }),
    ).toBe(2);
    // Route patterns, not paths: one series whatever the id.
    expect(text).not.toMatch(/route="\/api\/event-types\/[0-9a-f-]{36}"/);

    const mailDepth = sample(text, "slotted_outbox_depth", { kind: "mail" });
    // Two confirmations to invitees and two to the host at least, plus the failing one.
    expect(mailDepth).toBeGreaterThanOrEqual(5);
    expect(sample(text, "slotted_outbox_oldest_age_seconds", { kind: "mail" })).toBeGreaterThan(
      3600,
    );
    expect(sample(text, "slotted_outbox_retrying", { kind: "mail" })).toBe(1);
    expect(sample(text, "slotted_outbox_depth", { kind: "refund" })).toBe(0);
    expect(sample(text, "slotted_worker_failures", { kind: "webhook" })).toBe(1);
    expect(sample(text, "slotted_worker_failures", { kind: "mail" })).toBe(0);
    expect(sample(text, "slotted_booking_changes_pending")).toBe(0);
    expect(sample(text, "slotted_calendar_sync_age_seconds", { provider: "ICS" })).toBe(3600 + 600);
    expect(sample(text, "slotted_calendar_connections", { provider: "ICS" })).toBe(1);
    expect(sample(text, "slotted_db_pool_connections", { state: "max" })).toBe(
      testEngine === "postgres" ? 10 : 1,
    );
    expect(sample(text, "slotted_process_resident_memory_bytes")).toBeGreaterThan(0);
  });
});

describe(`X-Forwarded-For without TRUST_PROXY (${testEngine})`, () => {
  it("is said once in the log: every client counts as the proxy", async () => {
    const lines: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const database = await createTestDatabase();
    const app = await buildApp(
      { config: testConfig(), database, clock: () => BOOKING_NOW },
      { logger: { level: "warn", stream }, serveClient: false },
    );
    onTestFinished(async () => {
      await app.close();
      await database.close();
    });
    const said = () => lines.filter((line) => /TRUST_PROXY is not set/.test(line.msg));
    await app.inject({ method: "GET", url: "/api/health" });
    expect(said()).toHaveLength(0);
    for (let i = 0; i < 3; i += 1) {
      await app.inject({
        method: "GET",
        url: "/api/health",
        headers: { "x-forwarded-for": `203.0.113.${i}` },
      });
    }
    expect(said()).toHaveLength(1);
    expect(said()[0]!.msg).toMatch(/every client is counted as the proxy/);

    const trusting = await buildApp(
      { config: testConfig({ trustProxy: ["loopback"] }), database, clock: () => BOOKING_NOW },
      { logger: { level: "warn", stream }, serveClient: false },
    );
    onTestFinished(() => trusting.close());
    await trusting.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-forwarded-for": "203.0.113.9" },
    });
    expect(said()).toHaveLength(1);
  });
});
