import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { freePort } from "../../server/test/freePort";
import { startStripeDouble } from "../../server/test/stripeDouble";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 30_000;
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

/** Starts the built server (npm run e2e builds first) on a fresh PGlite data directory. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), "slotted-e2e-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = "";
  // Card payments against the Stripe double, whose Stripe.js stand-in the pages load.
  const stripe = await startStripeDouble();
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
  await waitForHealth(baseUrl, child, () => log);
  project.provide("baseUrl", baseUrl);
  return async () => {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    await stripe.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
