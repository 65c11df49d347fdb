import { performance } from "node:perf_hooks";

/**
 * The clock of a server started for tests (TEST_CLOCK_START): it starts at a chosen instant,
 * runs on at the pace of the process's monotonic time, and moves forward when a test asks
 * (`advance`), so a test run sees the same time of day whatever the machine's clock says.
 */
export interface TestClock {
  now(): Date;
  /** Moves the clock forward by `ms` (never back); returns the new time. */
  advance(ms: number): Date;
}

/** A TestClock from `start`; `elapsedMs` is the monotonic time it runs on (tests inject it). */
export function runningClockFrom(
  start: Date,
  elapsedMs: () => number = () => performance.now(),
): TestClock {
  const origin = elapsedMs();
  let advanced = 0;
  const now = () => new Date(start.getTime() + (elapsedMs() - origin) + advanced);
  return {
    now,
    advance(ms: number) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError("a clock only moves forward");
      advanced += ms;
      return now();
    },
  };
}
