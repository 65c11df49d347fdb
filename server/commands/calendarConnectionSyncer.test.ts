import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { icsFile } from "../calendars/testing/calendarFiles";
import { startFeedServer } from "../calendars/testing/feedServer";
import { calendarBusy, calendarConnections } from "../db/schema";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { calendarConnectionCreator } from "./calendarConnectionCreator";
import { calendarConnectionSyncer } from "./calendarConnectionSyncer";

const t = await createTestApp();
const db = t.database.db;
const feeds = await startFeedServer();
afterAll(() => feeds.stop());
const NOW = new Date("2098-12-30T00:00:00Z");
const context = {
  db,
  encryptionKey: t.deps.config.encryptionKey,
  allowPrivate: true,
  publicUrl: t.deps.config.publicUrl,
  now: NOW,
};
const meeting = (uid: string, day: string) => [
  `UID:${uid}`,
  `DTSTART:${day}T100000Z`,
  `DTEND:${day}T110000Z`,
];

async function connectedFeed(path: string) {
  const host = await signUpHost(t);
  feeds.serve(path, icsFile(meeting("a", "20990101")));
  const row = await calendarConnectionCreator(context, host.id, {
    provider: "ICS",
    url: `${feeds.url}${path}`,
  });
  return { host, row };
}

const busyOf = (connectionId: string) =>
  db.select().from(calendarBusy).where(eq(calendarBusy.connectionId, connectionId));

describe("calendarConnectionSyncer", () => {
  it("reads the host's feed now, replacing its busy time with what the feed holds", async () => {
    const { host, row } = await connectedFeed("/two.ics");
    feeds.serve("/two.ics", icsFile(meeting("a", "20990101"), meeting("b", "20990102")));
    expect(await calendarConnectionSyncer(context, host.id, row.id)).toEqual({
      ok: true,
      busyBlocks: 2,
      truncated: false,
    });
    expect((await busyOf(row.id)).map((busy) => busy.uid).sort()).toEqual(["a", "b"]);
  });

  it("answers a failure and records it on the connection instead of throwing", async () => {
    const { host, row } = await connectedFeed("/soon-gone.ics");
    feeds.serve("/soon-gone.ics", null, 404);
    const outcome = await calendarConnectionSyncer(context, host.id, row.id);
    expect(outcome.ok).toBe(false);
    const [stored] = await db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.id, row.id));
    expect(stored).toMatchObject({ failingSince: NOW, lastAttemptAt: NOW });
    expect(stored!.lastError).toBe(outcome.ok ? null : outcome.reason);
  });

  it("answers NOT_FOUND for another host's connection", async () => {
    const { row } = await connectedFeed("/private.ics");
    const other = await signUpHost(t);
    await expect(calendarConnectionSyncer(context, other.id, row.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
