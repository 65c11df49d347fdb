import type { TestClock } from "./clock";
import type { Config } from "./config";
import type { Database } from "./db/database";

/**
 * Where the process is in its life, for `GET /api/ready`: main.ts sets `stopping` on SIGTERM,
 * before it stops taking requests.
 */
export interface Lifecycle {
  stopping: boolean;
}

/** What route plugins and commands are built with; the clock is injectable for tests. */
export interface Deps {
  config: Config;
  database: Database;
  clock: () => Date;
  /**
   * The settable clock `clock` reads when the server runs for tests (TEST_CLOCK_START); it
   * also turns on the loopback-only /test/clock routes that advance it. Absent in production.
   */
  testClock?: TestClock | null;
  /** Absent in tests that build an app without a process around it: never stopping. */
  lifecycle?: Lifecycle;
  /** Whether an SMS provider sends workflows' texts (the editor says so when not); absent: none. */
  smsConfigured?: boolean;
}
