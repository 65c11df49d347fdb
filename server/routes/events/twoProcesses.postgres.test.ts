import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { projectRoot } from "../../projectRoot";
import { upcomingBerlinSlot } from "../../test/bookingFactories";
import { freePort } from "../../test/freePort";
import { createTestDatabase } from "../../test/testDatabase";

async function waitForHealth(base: string, child: ChildProcess) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${base} did not become healthy`);
}

async function post(url: string, body: unknown, token?: string) {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

// PGlite is an embedded, single-process database: two server processes cannot share one, so
// this race only exists (and is only tested) on a PostgreSQL server.
describe("two server processes on one PostgreSQL", () => {
  it("100 concurrent bookings of one slot: exactly one 201, 99 × 409, no 5xx", async () => {
    const database = await createTestDatabase();
    const url = database.url!;
    const dataDir = mkdtempSync(join(tmpdir(), "slotted-two-"));
    const ports = [await freePort(), await freePort()];
    const children = ports.map((port) =>
      spawn(process.execPath, ["--import", "tsx", join(projectRoot, "server", "main.ts")], {
        cwd: projectRoot,
        env: {
          ...process.env,
          DATABASE_URL: url,
          PORT: String(port),
          HOST: "127.0.0.1",
          DATA_DIR: dataDir,
          SESSION_SECRET: "two-processes-secret-two-processes-secret",
          LOG_LEVEL: "error",
          DEV_MAILBOX: "0",
          SMTP_URL: "",
          // 100 bookings from one address in a second: the race is the subject, not the limits.
          BOOKING_LIMIT_PER_IP: "0",
          BOOKING_LIMIT_PER_EVENT_TYPE: "0",
        },
        stdio: ["ignore", "ignore", "inherit"],
      }),
    );
    onTestFinished(async () => {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              const force = setTimeout(() => child.kill("SIGKILL"), 5000);
              child.once("exit", () => {
                clearTimeout(force);
                resolve();
              });
              child.kill("SIGTERM");
            }),
        ),
      );
      rmSync(dataDir, { recursive: true, force: true });
      await database.close();
    });
    const bases = ports.map((port) => `http://127.0.0.1:${port}`);
    await Promise.all(bases.map((base, i) => waitForHealth(base, children[i]!)));

    const signup = await post(`${bases[0]}/api/auth/signup`, {
      email: "race@example.com",
      password: "correct horse battery",
      name: "Race Host",
      username: "race-host",
      timeZone: "Europe/Berlin",
    });
    expect(signup.status).toBe(201);
    // The host follows the link of the verification mail: only then are their pages published.
    const [mail] = await database.query<{ url: string }>(
      "select payload->'data'->>'url' as url from outbox where payload->>'template' = 'emailVerification'",
    );
    const verified = await post(`${bases[0]}/api/auth/verify-email`, {
      token: new URL(mail!.url).searchParams.get("token"),
    });
    expect(verified.status).toBe(204);
    const type = await post(
      `${bases[1]}/api/event-types`,
      { kind: "ONE_ON_ONE", title: "Race", slug: "race", duration: 30 },
      signup.body.token,
    );
    expect(type.status).toBe(201);

    const start = upcomingBerlinSlot(3, "10:00");
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        post(`${bases[i % 2]}/api/event`, {
          userLink: "race-host",
          eventTypeLink: "race",
          // Four ways to name the event type, so each process sends several racers to the
          // database instead of letting one request stand for all (SlotFlights).
          ...[
            {},
            { hostSlug: "race-host" },
            { hostEmail: "race@example.com" },
            { hostSlug: "race-host", hostEmail: "race@example.com" },
          ][i % 4],
          start,
          timezone: "Europe/Berlin",
          name: `Racer ${i}`,
          email: `racer${i}@example.com`,
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    expect(
      responses
        .filter((r) => r.status === 409)
        .every((r) => r.body.code === "SLOT_NOT_AVAILABLE_ANYMORE"),
    ).toBe(true);
  }, 60_000);
});
