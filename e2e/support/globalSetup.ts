import type { TestProject } from "vitest/node";
import { berlinWallTime, suiteInstant } from "../../scripts/suiteClock.mjs";
import {
  ACCOUNT_SID,
  AUTH_TOKEN,
  FROM,
  startTwilioDouble,
  type TwilioDouble,
} from "../../server/sms/testing/twilioDouble";
import { startStripeDouble, stripeDoubleEnv } from "../../server/test/stripeDouble";
import { startBuiltServer } from "./builtServer";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrls: string[];
    /** Where the servers' test clock started (ISO); e2e/support/clock.ts reads the time now. */
    clockStart: string;
    /** The Twilio double's base URL: tests read the texts sent from its message list. */
    twilioUrl: string;
  }
}

type StripeDouble = Awaited<ReturnType<typeof startStripeDouble>>;

/** A worker's server: the built one, with the Stripe and Twilio doubles and on the suite's clock. */
function startServer(stripe: StripeDouble, twilio: TwilioDouble, clockStart: Date) {
  return startBuiltServer({
    TWILIO_ACCOUNT_SID: ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_FROM: FROM,
    TWILIO_API_URL: twilio.url,
    ...stripeDoubleEnv(stripe),
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
  // Texts go to the Twilio double.
  const twilio = await startTwilioDouble();
  const workers = Math.max(1, project.config.maxWorkers);
  const servers = await Promise.allSettled(
    Array.from({ length: workers }, () => startServer(stripe, twilio, clockStart)),
  );
  const started = servers.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const stopAll = async () => {
    await Promise.all(started.map((server) => server.stop()));
    await stripe.stop();
    await twilio.stop();
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
  project.provide("twilioUrl", twilio.url);
  return stopAll;
}
