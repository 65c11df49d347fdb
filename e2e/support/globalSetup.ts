import type { TestProject } from "vitest/node";
import { berlinWallTime, suiteInstant } from "../../scripts/suiteClock.mjs";
import { startStripeDouble } from "../../server/test/stripeDouble";
import { startBuiltServer } from "./builtServer";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrls: string[];
    /** Where the servers' test clock started (ISO); e2e/support/clock.ts reads the time now. */
    clockStart: string;
  }
}

type StripeDouble = Awaited<ReturnType<typeof startStripeDouble>>;

/** A worker's server: the built one, with the Stripe double and on the suite's clock. */
function startServer(stripe: StripeDouble, clockStart: Date) {
  return startBuiltServer({
    STRIPE_SECRET_KEY: stripe.config.secretKey,
    STRIPE_PUBLISHABLE_KEY: stripe.config.publishableKey,
    STRIPE_WEBHOOK_SECRET: stripe.config.webhookSecret,
    STRIPE_API_URL: stripe.url,
    STRIPE_JS_URL: `${stripe.url}/v3/`,
    // The suite's clock, not the machine's: tests read and advance it at /test/clock.
    TEST_CLOCK_START: clockStart.toISOString(),
  });
}

/**
 * Starts one built server (npm run e2e builds first) per worker, so that the files running at
 * the same time share nothing but the Stripe double: a worker's files use the server of its
 * VITEST_POOL_ID (e2e/support/browser.ts), one after the other as before.
 */
export default async function setup(project: TestProject) {
  // The suite's instant: a weekday morning in Berlin, or SLOTTED_FAKE_NOW (npm run e2e:hours).
  // Only the date comes from the machine, to keep the suite's time ahead of the real one.
  const clockStart = suiteInstant(
    process.env.SLOTTED_FAKE_NOW,
    new Date().toISOString().slice(0, 10),
  );
  console.log(
    `e2e: the servers' clock starts at ${berlinWallTime(clockStart)} Berlin (${clockStart.toISOString()})`,
  );
  // Card payments against the Stripe double, whose Stripe.js stand-in the pages load.
  const stripe = await startStripeDouble();
  const workers = Math.max(1, project.config.maxWorkers);
  const servers = await Promise.allSettled(
    Array.from({ length: workers }, () => startServer(stripe, clockStart)),
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
  project.provide("clockStart", clockStart.toISOString());
  return stopAll;
}
