import { asc } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { outbox } from "../db/schema";
import { createTestDatabase } from "../test/testDatabase";
import { type ClaimRunMark, startClaimWorker } from "./claimWorker";
import {
  claimOutbox,
  markOutbox,
  type OutboxJob,
  type RetryPolicy,
  releaseOutbox,
} from "./outboxJobs";

const database = await createTestDatabase();
afterAll(() => database.close());
const { db } = database;

const NOW = new Date("2031-03-04T10:00:00Z");
const HOUR = 3_600_000;

class Refused extends Error {}

const policy: RetryPolicy = {
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
  maxAttempts: 3,
  permanent: (error) => error instanceof Refused,
};

async function until(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Refund-kind outbox rows in the shared loop, each carried out by `run`, on a clock at `clock.now`. */
function outboxWork(
  run: (job: OutboxJob<{ n: number }>) => Promise<void>,
  options: { batch?: number; concurrency?: number; claimAhead?: boolean } = {},
) {
  const clock = { now: NOW };
  const work: ClaimRunMark<OutboxJob<{ n: number }>, void> = {
    clock: () => clock.now,
    batch: options.batch ?? 10,
    concurrency: options.concurrency ?? 1,
    claimAhead: options.claimAhead ?? false,
    leaseMs: 60_000,
    claim: (limit, now, leasedUntil) => claimOutbox(db, "refund", limit, now, leasedUntil),
    run,
    mark: async (job, outcome) => (await markOutbox(db, job, outcome, clock.now, policy)).sent,
    release: (jobs) =>
      releaseOutbox(
        db,
        jobs.map((job) => job.id),
        clock.now,
      ),
  };
  const worker = startClaimWorker(work, { pollMs: HOUR, onError: () => {} });
  onTestFinished(() => worker.stop());
  return { clock, worker };
}

async function rows() {
  return db.select().from(outbox).orderBy(asc(outbox.id));
}

beforeEach(async () => {
  await db.delete(outbox);
  await db
    .insert(outbox)
    .values(
      [1, 2, 3].map((n) => ({ kind: "refund" as const, payload: { n }, nextAttemptAt: NOW })),
    );
});

describe("the shared claim–run–mark loop", () => {
  it("gives back the jobs it claimed but had not started when it stops, due at once", async () => {
    const started: number[] = [];
    let finish: () => void = () => {};
    const { worker } = outboxWork(
      (job) =>
        new Promise<void>((resolve) => {
          started.push(job.payload.n);
          finish = resolve;
        }),
    );

    void worker.run();
    await until(() => started.length === 1);
    const stopping = worker.stop();
    finish();
    await stopping;

    expect(started).toEqual([1]);
    expect((await rows()).map((r) => [r.status, r.attempts, r.nextAttemptAt])).toEqual([
      ["sent", 1, new Date(NOW.getTime() + 60_000)],
      ["pending", 0, NOW],
      ["pending", 0, NOW],
    ]);
  });

  it("claims again while a pass did work, so one wake carries out more than a batch", async () => {
    const done: number[] = [];
    const { worker } = outboxWork(
      async (job) => {
        done.push(job.payload.n);
      },
      { batch: 2 },
    );

    expect(await worker.run()).toBe(3);
    expect(done.sort()).toEqual([1, 2, 3]);
  });

  it("claims ahead while a full batch runs, so a free lane never waits for the slowest job", async () => {
    const started: number[] = [];
    let finish: () => void = () => {};
    const slow = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const { worker } = outboxWork(
      async (job) => {
        started.push(job.payload.n);
        if (job.payload.n === 2) await slow;
      },
      { batch: 2, concurrency: 2, claimAhead: true },
    );

    const running = worker.run();
    // Job 3 is claimed and run while job 2 of the first batch is still running.
    await until(() => started.includes(3));
    finish();
    expect(await running).toBe(3);
    expect((await rows()).map((r) => r.status)).toEqual(["sent", "sent", "sent"]);
  });

  it("retries a failed job after its backoff, and gives up when out of attempts or refused", async () => {
    const { clock, worker } = outboxWork(async (job) => {
      throw job.payload.n === 3 ? new Refused("no") : new Error("down");
    });

    expect(await worker.run()).toBe(0);
    expect((await rows()).map((r) => [r.status, r.attempts, r.nextAttemptAt])).toEqual([
      ["pending", 1, new Date(NOW.getTime() + 1000)],
      ["pending", 1, new Date(NOW.getTime() + 1000)],
      ["dead", 1, new Date(NOW.getTime() + 1000)],
    ]);
    // Not due before its backoff ends.
    clock.now = new Date(NOW.getTime() + 999);
    await worker.run();
    expect((await rows())[0]!.attempts).toBe(1);
    clock.now = new Date(NOW.getTime() + 1000);
    await worker.run();
    expect((await rows())[0]).toMatchObject({
      status: "pending",
      attempts: 2,
      nextAttemptAt: new Date(NOW.getTime() + 3000),
    });
    clock.now = new Date(NOW.getTime() + 3000);
    await worker.run();
    expect((await rows()).map((r) => [r.status, r.attempts, r.lastError])).toEqual([
      ["dead", 3, "down"],
      ["dead", 3, "down"],
      ["dead", 1, "no"],
    ]);
  });
});
