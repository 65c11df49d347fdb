import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { outbox } from "../db/schema";
import { createTestDatabase } from "../test/testDatabase";
import { openWorkSignal } from "./workSignal";

const database = await createTestDatabase();
afterAll(() => database.close());

async function until(condition: () => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

const refund = () => ({
  kind: "refund" as const,
  payload: { paymentId: "p" },
  nextAttemptAt: new Date("2031-03-04T10:00:00Z"),
});

describe("work signal on PostgreSQL", () => {
  it("listens again when its connection drops, waking every worker for what it may have missed", async () => {
    const signal = await openWorkSignal(database);
    onTestFinished(() => signal.close());
    const heard: string[] = [];
    signal.on("outbox", () => heard.push("outbox"));
    signal.on("calendar_connections", () => heard.push("calendar_connections"));

    const dropped = await database.query<{ dropped: boolean }>(
      `select pg_terminate_backend(pid) as dropped from pg_stat_activity
        where datname = current_database() and query like 'listen %'`,
    );
    expect(dropped).toEqual([{ dropped: true }]);

    await until(() => heard.length === 2);
    expect(heard.sort()).toEqual(["calendar_connections", "outbox"]);
    await database.db.insert(outbox).values(refund());
    await until(() => heard.length === 3);
    expect(heard[2]).toBe("outbox");
  });
});
