import { isNull } from "drizzle-orm";
import { expect, it } from "vitest";
import { bookingChanges, outbox } from "../db/schema";
import { bookDirectly } from "../test/bookingCommands";
import { BOOKING_NOW, berlinSlot, userLink } from "../test/bookingFactories";
import { createEventType, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { startChangeThread } from "./changeThread";

const t = await createTestApp({ bookingLimits: { perIp: 0, perEventType: 0 } });
t.setNow(BOOKING_NOW);
const db = t.database.db;
const url = (t.database as { url?: string }).url!;

const unprocessed = () =>
  db.select().from(bookingChanges).where(isNull(bookingChanges.processedAt));
const mailsTo = async (email: string) =>
  (await db.select().from(outbox)).filter(
    (row) =>
      row.kind === "mail" &&
      row.purpose === null &&
      (row.payload.to as { email?: string } | undefined)?.email === email,
  );

it("derives on a thread of its own what a commit woke it for, and drains and stops on request", async () => {
  const host = await signUpHost(t);
  const type = await createEventType(t, host);
  const warnings: string[] = [];
  const thread = startChangeThread(
    {
      databaseUrl: url,
      publicUrl: t.deps.config.publicUrl,
      secret: t.deps.config.sessionSecret,
      logLevel: "silent",
    },
    { warn: (_obj, msg) => warnings.push(msg) },
  );
  try {
    // Committed after the thread started: its own LISTEN hears it, nobody calls wake().
    await bookDirectly(t, userLink(host, type), {
      start: berlinSlot(1, "09:00"),
      email: "woken@example.com",
    });
    await expect
      .poll(async () => (await mailsTo("woken@example.com")).map((m) => m.payload.template), {
        timeout: 20_000,
      })
      .toEqual(["bookingConfirmed"]);
    await expect.poll(unprocessed).toEqual([]);

    // drain() answers with what it derived; nothing is derived twice.
    await bookDirectly(t, userLink(host, type), {
      start: berlinSlot(1, "10:00"),
      email: "drained@example.com",
    });
    await thread.drain();
    expect(await unprocessed()).toEqual([]);
    expect(await mailsTo("drained@example.com")).toHaveLength(1);
    expect(await thread.drain()).toBe(0);
    expect(await mailsTo("woken@example.com")).toHaveLength(1);
  } finally {
    await thread.stop();
  }
  // Stopped: a change committed now waits for the next process.
  await bookDirectly(t, userLink(host, type), {
    start: berlinSlot(1, "11:00"),
    email: "later@example.com",
  });
  expect(await thread.drain()).toBe(0);
  expect((await unprocessed()).length).toBe(1);
  expect(warnings).toEqual([]);
});
