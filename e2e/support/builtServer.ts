import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../server/test/freePort";

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  // Generous: on a busy machine PGlite and the migrations take far longer than the usual seconds.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet: asked again after a pause, the condition is the answer
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/**
 * The built server (dist/server, `node scripts/build.mjs`) on a fresh PGlite data directory,
 * set up as the browser suite needs it, with `env` on top; its URL, its output and how to stop
 * it. A server started again on the same data is given its `port` and `dataDir` (the caller's
 * to remove). A fresh server gets its owner at once (as its first sign-up from this machine
 * would), so the tests' own sign-ups are hosts who verify their addresses by mail; unless
 * `withOwner` is false.
 */
export async function startBuiltServer(
  env: Record<string, string>,
  given: { port?: number; dataDir?: string; withOwner?: boolean } = {},
) {
  const dataDir = given.dataDir ?? mkdtempSync(join(tmpdir(), "slotted-e2e-"));
  const port = given.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = "";
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: "warn",
      // The tests read codes and links from the mailbox, over loopback.
      DEV_MAILBOX: "true",
      DATABASE_URL: "",
      // Every browser test books from 127.0.0.1 on this one server, far above a visitor's rate.
      BOOKING_LIMIT_PER_IP: "0",
      BOOKING_LIMIT_PER_EVENT_TYPE: "0",
      // The webhook tests' receivers and the calendar tests' Radicale listen on loopback.
      WEBHOOK_ALLOW_PRIVATE: "true",
      CALENDAR_ALLOW_PRIVATE: "true",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (log += chunk));
  child.stderr?.on("data", (chunk) => (log += chunk));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    if (given.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, () => log);
    if (given.dataDir === undefined && given.withOwner !== false) await claimOwner(baseUrl);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop, output: () => log };
}

async function claimOwner(baseUrl: string) {
  const response = await fetch(`${baseUrl}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: "owner@example.com",
      password: "correct horse battery",
      name: "Instance Owner",
      username: "instance-owner",
      owner: true,
    }),
  });
  if (response.status !== 201) throw new Error(`owner sign-up: ${await response.text()}`);
}
