import { SMTPServer } from "smtp-server";
import { onTestFinished } from "vitest";
import { type Database, openPostgres } from "../../db/database";
import { BOOKING_NOW } from "../../test/bookingFactories";
import { freePort } from "../../test/freePort";
import type { TestApp } from "../../test/testApp";
import { testEngine } from "../../test/testDatabase";
import { startOutboxWorker } from "../outboxWorker";

/** A loopback SMTP server that keeps every message it receives. */
export async function smtpInbox() {
  const port = await freePort();
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        received.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", () => resolve()));
  onTestFinished(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
  return { port, received };
}

/**
 * Two workers, as two server processes would run them (on PostgreSQL each with its own pool),
 * both on a clock the test moves.
 */
export function twoWorkers(t: TestApp, port: number) {
  const clock = { now: BOOKING_NOW };
  const second: Database =
    testEngine === "postgres"
      ? openPostgres((t.database as Database & { url: string }).url, 2)
      : t.database;
  const options = {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    publicUrl: "http://localhost:3000",
    clock: () => clock.now,
    pollMs: 3_600_000,
    concurrency: 3,
    claimBatch: 2,
  };
  const workers = [
    startOutboxWorker({ ...options, database: t.database }),
    startOutboxWorker({ ...options, database: second }),
  ];
  onTestFinished(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    if (second !== t.database) await second.close();
  });
  return {
    clock,
    async drainBoth() {
      const sent = await Promise.all(workers.map((w) => w.drain()));
      return sent[0]! + sent[1]!;
    },
  };
}
