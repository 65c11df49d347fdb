import { onTestFinished } from "vitest";
import { drainChanges } from "../../bookingChanges/testing/drainChanges";
import { type Database, openPostgres } from "../../db/database";
import { BOOKING_NOW } from "../../test/bookingFactories";
import type { TestApp } from "../../test/testApp";
import { testEngine } from "../../test/testDatabase";
import { type OutboxWorkerOptions, startOutboxWorker } from "../outboxWorker";

/**
 * Two workers, as two server processes would run them (on PostgreSQL each with its own pool),
 * sending to the inbox on `port`, by default on a clock the test moves and without polling;
 * `options` says otherwise.
 */
export function twoWorkers(
  t: TestApp,
  port: number,
  options: Partial<Omit<OutboxWorkerOptions, "database" | "smtpUrl">> = {},
) {
  const clock = { now: BOOKING_NOW };
  const second: Database =
    testEngine === "postgres"
      ? openPostgres((t.database as Database & { url: string }).url, 2)
      : t.database;
  const shared = {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    publicUrl: "http://localhost:3000",
    clock: () => clock.now,
    pollMs: 3_600_000,
    concurrency: 3,
    ...options,
  };
  const workers = [
    startOutboxWorker({ ...shared, database: t.database }),
    startOutboxWorker({ ...shared, database: second }),
  ];
  let stopped: Promise<void> | null = null;
  const stopBoth = () => {
    stopped ??= (async () => {
      await Promise.all(workers.map((w) => w.stop()));
      if (second !== t.database) await second.close();
    })();
    return stopped;
  };
  onTestFinished(stopBoth);
  return {
    clock,
    /** Stops both workers once whatever they were sending is done (also at the test's end). */
    stopBoth,
    async drainBoth() {
      await drainChanges(t);
      const sent = await Promise.all(workers.map((w) => w.drain()));
      return sent[0]! + sent[1]!;
    },
  };
}
