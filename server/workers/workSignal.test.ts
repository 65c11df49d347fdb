import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { type Database, openPostgres } from "../db/database";
import { outbox } from "../db/schema";
import type { PaymentGateway } from "../payments/paymentGateway";
import { startPaymentWorker } from "../payments/paymentWorker";
import type { RefundJob } from "../payments/refundQueue";
import { createTestDatabase, testEngine } from "../test/testDatabase";
import { startPollingWorker } from "./pollingWorker";
import { openWorkSignal } from "./workSignal";

const database = await createTestDatabase();
afterAll(() => database.close());

const NOW = new Date("2031-03-04T10:00:00Z");
const HOUR = 3_600_000;

async function until(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Another process's view of the database: on PostgreSQL a pool (and LISTEN) of its own. */
function otherProcess(): Database {
  if (testEngine === "pglite") return database;
  const other = openPostgres((database as Database & { url: string }).url, 2);
  onTestFinished(() => other.close());
  return other;
}

function refund(key: string): typeof outbox.$inferInsert {
  const job: RefundJob = { paymentId: key, gatewayId: `pi_${key}`, amount: 500, key };
  return { kind: "refund", payload: job as unknown as Record<string, unknown>, nextAttemptAt: NOW };
}

describe("work signal", () => {
  it("wakes a worker in another process when its work commits, long before its poll", async () => {
    const other = otherProcess();
    const signal = await openWorkSignal(other);
    onTestFinished(() => signal.close());
    const refunded: string[] = [];
    const gateway = {
      async refundPayment(id: string) {
        refunded.push(id);
        return { id: `re_${id}` };
      },
    } as unknown as PaymentGateway;
    const worker = startPaymentWorker({
      database: other,
      gateway,
      publicUrl: "http://localhost:3000",
      secret: "s",
      clock: () => NOW,
      pollMs: HOUR,
      workSignal: signal,
    });
    onTestFinished(() => worker.stop());

    await database.db.transaction(async (tx) => {
      await tx.insert(outbox).values([refund("a"), refund("b")]);
    });

    await until(() => refunded.length === 2);
    expect(refunded.sort()).toEqual(["pi_a", "pi_b"]);
  });

  it("does not wake for a claim or a mark, only for work that became due", async () => {
    const signal = await openWorkSignal(database);
    onTestFinished(() => signal.close());
    const heard: string[] = [];
    signal.on("outbox", () => heard.push("outbox"));
    const [row] = await database.db.insert(outbox).values(refund("c")).returning();
    await until(() => heard.length === 1);

    // A claim (lease moves later), then a mark: neither is work for anyone.
    await database.db.execute(
      sql`update outbox set attempts = 1, next_attempt_at = ${new Date(NOW.getTime() + HOUR)} where id = ${row!.id}`,
    );
    await database.db.execute(sql`update outbox set status = 'sent' where id = ${row!.id}`);
    // A later insert's notification arrives after any the updates would have sent.
    await database.db.insert(outbox).values(refund("d"));
    await until(() => heard.length >= 2);
    expect(heard).toEqual(["outbox", "outbox"]);
  });

  it("wakes only the listeners of the row's kind, and those of the whole outbox", async () => {
    const signal = await openWorkSignal(database);
    onTestFinished(() => signal.close());
    const heard: string[] = [];
    for (const name of ["outbox:mail", "outbox:refund", "outbox"]) {
      signal.on(name, () => heard.push(name));
    }
    await database.db.insert(outbox).values(refund("k"));
    await until(() => heard.length === 2);
    // A mail after it: its notification comes after any the refund could still send.
    await database.db.insert(outbox).values({ kind: "mail", payload: {}, nextAttemptAt: NOW });
    await until(() => heard.length === 4);
    expect(heard.sort()).toEqual(["outbox", "outbox", "outbox:mail", "outbox:refund"]);
  });

  it("stops waking a stopped worker", async () => {
    const signal = await openWorkSignal(database);
    onTestFinished(() => signal.close());
    let passes = 0;
    const worker = startPollingWorker({
      tick: async () => {
        passes += 1;
      },
      pollMs: HOUR,
      onError: () => {},
      wakeOn: { signal, tables: ["outbox"] },
    });
    const heard: string[] = [];
    signal.on("outbox", () => heard.push("outbox"));
    await database.db.insert(outbox).values(refund("e"));
    await until(() => passes === 1);
    await worker.stop();
    await database.db.insert(outbox).values(refund("f"));
    await until(() => heard.length === 2);
    expect(passes).toBe(1);
  });
});
