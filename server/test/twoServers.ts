import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onTestFinished } from "vitest";
import { projectRoot } from "../projectRoot";
import { BOOKING_NOW } from "./bookingFactories";
import { freePort } from "./freePort";
import { createTestDatabase } from "./testDatabase";

/**
 * Where both processes' clocks start (TEST_CLOCK_START): BOOKING_NOW, so the tests book days
 * after it (berlinSlot) and the run never reads the date it is.
 */
export const CLOCK_START = BOOKING_NOW.toISOString();

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

/** A JSON POST to a running server; the body parsed, null when empty. */
export async function post(url: string, body: unknown, token?: string) {
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

/**
 * Two server processes (server/main.ts) on one fresh PostgreSQL database, stopped when the test
 * finishes, with a verified host (`race@example.com`, username `race-host`, Berlin) signed up.
 * PGlite is an embedded, single-process database: only a PostgreSQL server can be shared, so
 * only *.postgres.test.ts files use this.
 */
export async function startTwoServers() {
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
        TEST_CLOCK_START: CLOCK_START,
        // Many bookings from one address in a second: the race is the subject, not the limits.
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
  const bases = ports.map((port) => `http://127.0.0.1:${port}`) as [string, string];
  await Promise.all(bases.map((base, i) => waitForHealth(base, children[i]!)));

  const signup = await post(`${bases[0]}/api/auth/signup`, {
    email: "race@example.com",
    password: "correct horse battery",
    name: "Race Host",
    username: "race-host",
    timeZone: "Europe/Berlin",
  });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status}`);
  // The host follows the link of the verification mail: only then are their pages published.
  const [mail] = await database.query<{ url: string }>(
    "select payload->'data'->>'url' as url from outbox where payload->>'template' = 'emailVerification'",
  );
  const verified = await post(`${bases[0]}/api/auth/verify-email`, {
    token: new URL(mail!.url).searchParams.get("token"),
  });
  if (verified.status !== 204) throw new Error(`verify: ${verified.status}`);
  return { bases, database, hostToken: signup.body.token as string };
}
