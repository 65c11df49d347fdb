import type { BrowserContext } from "playwright-core";
import { inject } from "vitest";
import { berlinDate } from "../../scripts/suiteClock.mjs";
import { baseUrl } from "./browser";
import { advanceServerClock, serverClockNow } from "./serverClock";

/**
 * The suite's one clock. The servers run on a test clock (TEST_CLOCK_START, set by
 * globalSetup from SLOTTED_FAKE_NOW or a weekday morning in Berlin); every browser context
 * gets the server's time through Playwright's clock (browserSession). Tests take "now" from
 * here, never from the machine, and let time pass with advanceClock, never by waiting.
 */

const DAY_MS = 86_400_000;

/** Where the suite's clock started (the same for every server of the run). */
export const clockStart = (): Date => new Date(inject("clockStart"));

/** The server's time now (its clock runs on from clockStart and moves when advanced). */
export function serverNow(base: string = baseUrl()): Promise<Date> {
  return serverClockNow(base);
}

/**
 * Lets `ms` pass at once: the server's clock moves forward, and so does the clock of each
 * browser context given (its timers that fall due run).
 */
export async function advanceClock(
  ms: number,
  contexts: readonly BrowserContext[] = [],
  base: string = baseUrl(),
): Promise<Date> {
  const now = await advanceServerClock(base, ms);
  for (const context of contexts) await context.clock.fastForward(ms);
  return now;
}

/** yyyy-MM-dd in Berlin, `days` after the server's now. */
export async function berlinDay(days = 0): Promise<string> {
  return berlinDate(new Date((await serverNow()).getTime() + days * DAY_MS));
}

/** yyyy-MM-dd in UTC, `days` after the server's now. */
export async function utcDay(days = 0): Promise<string> {
  return new Date((await serverNow()).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}
