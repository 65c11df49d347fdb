import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { CALENDAR_CONNECTIONS_MAX } from "../../core/api/calendarConnections";
import { DomainError } from "../../core/errors";
import { icsFile } from "../calendars/testing/calendarFiles";
import { startFeedServer } from "../calendars/testing/feedServer";
import { calendarConnections, connectedCalendars } from "../db/schema";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { calendarConnectionCreator } from "./calendarConnectionCreator";

const t = await createTestApp();
const feeds = await startFeedServer();
afterAll(() => feeds.stop());
feeds.serve("/feed.ics", icsFile(["UID:a", "DTSTART:20990101T100000Z", "DTEND:20990101T110000Z"]));
const context = () => ({
  db: t.database.db,
  encryptionKey: t.deps.config.encryptionKey,
  allowPrivate: true,
  publicUrl: t.deps.config.publicUrl,
  now: new Date("2098-12-30T00:00:00Z"),
});

describe("calendarConnectionCreator", () => {
  it("stores a feed with its one read-only calendar and its URL sealed", async () => {
    const host = await signUpHost(t);
    const url = `${feeds.url}/feed.ics`;
    const row = await calendarConnectionCreator(context(), host.id, { provider: "ICS", url });
    expect(row.secret).not.toContain("feed.ics");
    expect(row.serverUrl).toBe(feeds.url);
    const calendars = await t.database.db
      .select()
      .from(connectedCalendars)
      .where(eq(connectedCalendars.connectionId, row.id));
    expect(calendars).toMatchObject([{ readOnly: true, writeTarget: false, busy: true }]);
  });

  it("refuses more than the maximum of connections and a feed that is gone, storing nothing", async () => {
    const host = await signUpHost(t);
    await expect(
      calendarConnectionCreator(context(), host.id, { provider: "ICS", url: `${feeds.url}/gone` }),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      fields: { url: [{ key: "calendars.calendarGone" }] },
    });
    await t.database.db.insert(calendarConnections).values(
      Array.from({ length: CALENDAR_CONNECTIONS_MAX }, () => ({
        userId: host.id,
        provider: "ICS" as const,
        name: "x",
        serverUrl: "https://example.com",
        secret: "sealed",
      })),
    );
    const error = await calendarConnectionCreator(context(), host.id, {
      provider: "ICS",
      url: `${feeds.url}/feed.ics`,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).detail.key).toBe("calendars.tooMany");
  });
});
