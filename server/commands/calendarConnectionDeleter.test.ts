import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { calendarBusy, calendarConnections, connectedCalendars } from "../db/schema";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { calendarConnectionDeleter } from "./calendarConnectionDeleter";

const t = await createTestApp();
const db = t.database.db;

/** A connection of `userId` with one calendar and one busy interval read from it. */
async function connectionOf(userId: string) {
  const [connection] = await db
    .insert(calendarConnections)
    .values({
      userId,
      provider: "ICS",
      name: "Work",
      serverUrl: "https://calendar.example.com",
      secret: "sealed",
    })
    .returning();
  const [calendar] = await db
    .insert(connectedCalendars)
    .values({
      connectionId: connection!.id,
      url: "https://calendar.example.com/work.ics",
      name: "Work",
    })
    .returning();
  await db.insert(calendarBusy).values({
    userId,
    connectionId: connection!.id,
    calendarId: calendar!.id,
    uid: "meeting-1",
    during: sql`tstzrange('2026-03-02T09:00:00Z', '2026-03-02T10:00:00Z')`,
  });
  return connection!;
}

const rowsOf = async (connectionId: string) => ({
  connections: await db
    .select()
    .from(calendarConnections)
    .where(eq(calendarConnections.id, connectionId)),
  calendars: await db
    .select()
    .from(connectedCalendars)
    .where(eq(connectedCalendars.connectionId, connectionId)),
  busy: await db.select().from(calendarBusy).where(eq(calendarBusy.connectionId, connectionId)),
});

describe("calendarConnectionDeleter", () => {
  it("removes the host's connection with its calendars and busy time", async () => {
    const host = await signUpHost(t);
    const connection = await connectionOf(host.id);
    await calendarConnectionDeleter(db, host.id, connection.id);
    expect(await rowsOf(connection.id)).toEqual({ connections: [], calendars: [], busy: [] });
  });

  it("answers NOT_FOUND for another host's connection and keeps it whole", async () => {
    const owner = await signUpHost(t);
    const other = await signUpHost(t);
    const connection = await connectionOf(owner.id);
    await expect(calendarConnectionDeleter(db, other.id, connection.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const rows = await rowsOf(connection.id);
    expect([rows.connections.length, rows.calendars.length, rows.busy.length]).toEqual([1, 1, 1]);
  });
});
