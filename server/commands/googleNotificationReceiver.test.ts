import { describe, expect, it } from "vitest";
import { tokenHash } from "../auth/secrets";
import { nextSyncOf, pushedConnection } from "../calendars/testing/pushedConnection";
import { googleChannels } from "../db/schema";
import { createTestApp } from "../test/testApp";
import { googleNotificationReceiver } from "./googleNotificationReceiver";

const t = await createTestApp();
const db = t.database.db;
const NOW = new Date("2027-01-04T06:00:00Z");
const LATER = new Date(NOW.getTime() + 300_000);
const CHANNEL = "6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f";

async function watchedConnection() {
  const { connection, calendar } = await pushedConnection(t, "GOOGLE", LATER);
  await db.insert(googleChannels).values({
    id: CHANNEL,
    connectionId: connection.id,
    calendarId: calendar.id,
    resourceId: "r1",
    tokenHash: tokenHash("the-token"),
    expiresAt: new Date(NOW.getTime() + 86_400_000),
  });
  return connection;
}

describe("googleNotificationReceiver", () => {
  it("makes the connection due for a genuine change, and only then", async () => {
    const connection = await watchedConnection();
    const notify = (token: string, resourceState = "exists", now = NOW) =>
      googleNotificationReceiver(db, { channelId: CHANNEL, token, resourceState }, now);
    expect(await notify("wrong-token")).toBe(false);
    expect(await notify("the-token", "sync")).toBe(true);
    expect(await nextSyncOf(db, connection.id)).toEqual(LATER);
    // A lapsed channel is not believed.
    expect(await notify("the-token", "exists", new Date(NOW.getTime() + 2 * 86_400_000))).toBe(
      false,
    );
    expect(await nextSyncOf(db, connection.id)).toEqual(LATER);
    expect(await notify("the-token")).toBe(true);
    expect(await nextSyncOf(db, connection.id)).toEqual(NOW);
  });
});
