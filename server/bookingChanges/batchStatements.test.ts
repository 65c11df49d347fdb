import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { describe, expect, it } from "vitest";
import type { Db } from "../db/database";
import * as schema from "../db/schema";
import { bookDirectly } from "../test/bookingCommands";
import { BOOKING_NOW, berlinSlot, userLink } from "../test/bookingFactories";
import { createEventType, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { processChanges } from "./processChanges";
import { drainChanges } from "./testing/drainChanges";
import { equipHost } from "./testing/equipHost";

const t = await createTestApp({ bookingLimits: { perIp: 0, perEventType: 0 } });
t.setNow(BOOKING_NOW);
const settings = {
  publicUrl: t.deps.config.publicUrl,
  secret: t.deps.config.sessionSecret,
  clock: t.deps.clock,
};

/** The test's database on the same driver client, counting every statement sent through it. */
function countingDb(): { db: Db; statements: () => number } {
  let statements = 0;
  const logger = {
    logQuery(query: string) {
      statements += 1;
      if (process.env.SHOW_STATEMENTS) console.log(query.replace(/\s+/g, " ").slice(0, 140));
    },
  };
  const client = (t.database.db as unknown as { $client: never }).$client;
  const db =
    t.database.engine === "pglite"
      ? (drizzlePglite(client, { schema, logger }) as unknown as Db)
      : drizzleNodePg(client, { schema, logger });
  return { db, statements: () => statements };
}

/** A host with a write calendar, a subscription to every webhook event and an event type with a reminder. */
async function equippedHost() {
  const host = await signUpHost(t);
  await equipHost(t, host);
  const type = await createEventType(t, host, {
    reminders: [{ minutesBefore: 60, to: "invitee" }],
  });
  return userLink(host, type);
}

let day = 0;

/** The statements deriving `n` bookings' changes costs, the bookings made beforehand. */
async function statementsToDerive(link: Record<string, unknown>, n: number): Promise<number> {
  await drainChanges(t);
  for (let i = 0; i < n; i++) {
    // Ten half-hour slots a weekday, from 09:00 Berlin.
    const slot = i % 10;
    if (slot === 0) day += 1;
    const time = `${String(9 + Math.floor(slot / 2)).padStart(2, "0")}:${slot % 2 ? "30" : "00"}`;
    await bookDirectly(t, link, { start: berlinSlot(day, time) });
  }
  const counting = countingDb();
  expect(await processChanges(counting.db, settings)).toBe(n);
  return counting.statements();
}

describe("deriving a batch of booking changes", () => {
  it("costs as many statements for twenty bookings as for two", async () => {
    const link = await equippedHost();
    const two = await statementsToDerive(link, 2);
    const twenty = await statementsToDerive(link, 20);
    console.log(`statements: 2 changes ${two}, 20 changes ${twenty}`);
    expect(twenty).toBe(two);
  });
});
