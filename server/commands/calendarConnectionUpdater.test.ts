import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { calendarConnections, connectedCalendars } from "../db/schema";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { calendarConnectionDeleter } from "./calendarConnectionDeleter";
import { calendarConnectionSyncer } from "./calendarConnectionSyncer";
import { calendarConnectionUpdater } from "./calendarConnectionUpdater";

// The commands and the server run at NOW, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");
const t = await createTestApp();
t.setNow(NOW);
const context = () => ({
  db: t.database.db,
  encryptionKey: t.deps.config.encryptionKey,
  allowPrivate: true,
  publicUrl: t.deps.config.publicUrl,
  now: NOW,
});

async function connection(userId: string) {
  const [row] = await t.database.db
    .insert(calendarConnections)
    .values({
      userId,
      provider: "CALDAV",
      name: "Work",
      serverUrl: "https://dav.example.com",
      secret: "x",
    })
    .returning();
  const [calendar] = await t.database.db
    .insert(connectedCalendars)
    .values({ connectionId: row!.id, url: "https://dav.example.com/a/", name: "A" })
    .returning();
  return { row: row!, calendar: calendar! };
}

describe("calendarConnectionUpdater, Deleter and Syncer", () => {
  it("changes the name and failure choice, and makes a calendar the write target", async () => {
    const host = await signUpHost(t);
    const { row, calendar } = await connection(host.id);
    const updated = await calendarConnectionUpdater(context(), host.id, row.id, {
      name: "Renamed",
      onFailure: "BLOCK",
      writeCalendarId: calendar.id,
    });
    expect(updated).toMatchObject({ name: "Renamed", onFailure: "BLOCK" });
  });

  it("refuses a calendar of another connection", async () => {
    const host = await signUpHost(t);
    const { row } = await connection(host.id);
    await expect(
      calendarConnectionUpdater(context(), host.id, row.id, {
        calendars: [{ id: randomUUID(), busy: false }],
      }),
    ).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("answers NOT_FOUND to another host for every change", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    const { row } = await connection(host.id);
    await expect(
      calendarConnectionUpdater(context(), other.id, row.id, { name: "Mine" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(calendarConnectionSyncer(context(), other.id, row.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(calendarConnectionDeleter(t.database.db, other.id, row.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await calendarConnectionDeleter(t.database.db, host.id, row.id);
    await expect(calendarConnectionDeleter(t.database.db, host.id, row.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
