import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { freePort } from "../../server/test/freePort";
import { startStripeDouble } from "../../server/test/stripeDouble";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrls: string[];
  }
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  // Generous: on a busy machine PGlite and the migrations take far longer than the usual seconds.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

type StripeDouble = Awaited<ReturnType<typeof startStripeDouble>>;

/** The built server on a fresh PGlite data directory; its URL and how to stop it. */
/**
 * Starts the built server on a fresh data directory. Unless `withOwner` is false its owner is
 * made at once (as its first sign-up from this machine would make it), so the tests' own
 * sign-ups are hosts who verify their addresses by mail.
 */
export async function startServer(
  stripe: Pick<StripeDouble, "config" | "url">,
  { withOwner = true }: { withOwner?: boolean } = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), "slotted-e2e-"));
  const port = await freePort();
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
      STRIPE_SECRET_KEY: stripe.config.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripe.config.publishableKey,
      STRIPE_WEBHOOK_SECRET: stripe.config.webhookSecret,
      STRIPE_API_URL: stripe.url,
      STRIPE_JS_URL: `${stripe.url}/v3/`,
      // The webhook tests' receivers and the calendar tests' Radicale listen on loopback.
      WEBHOOK_ALLOW_PRIVATE: "true",
      CALENDAR_ALLOW_PRIVATE: "true",
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
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, () => log);
    if (withOwner) await claimOwner(baseUrl);
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

/**
 * Starts one built server (npm run e2e builds first) per worker, so that the files running at
 * the same time share nothing but the Stripe double: a worker's files use the server of its
 * VITEST_POOL_ID (e2e/support/browser.ts), one after the other as before.
 */
export default async function setup(project: TestProject) {
  // Card payments against the Stripe double, whose Stripe.js stand-in the pages load.
  const stripe = await startStripeDouble();
  const workers = Math.max(1, project.config.maxWorkers);
  const servers = await Promise.allSettled(
    Array.from({ length: workers }, () => startServer(stripe)),
  );
  const started = servers.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const stopAll = async () => {
    await Promise.all(started.map((server) => server.stop()));
    await stripe.stop();
  };
  const failed = servers.find((s) => s.status === "rejected");
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    "baseUrls",
    started.map((server) => server.baseUrl),
  );
  return stopAll;
}
