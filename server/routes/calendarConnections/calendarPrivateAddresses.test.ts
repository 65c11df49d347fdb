import { afterAll, describe, expect, it } from "vitest";
import { caldavSource } from "../../calendars/caldavSource";
import { CalendarSourceError } from "../../calendars/calendarSource";
import { icsFeedSource } from "../../calendars/icsFeedSource";
import { icsFile } from "../../calendars/testing/calendarFiles";
import { startFeedServer } from "../../calendars/testing/feedServer";
import { calendarConnectionCreator } from "../../commands/calendarConnectionCreator";
import { calendarConnections } from "../../db/schema";
import { ISSUE_29_HOSTS, REFUSED_HOSTS } from "../../net/testing/refusedHosts";
import { signUpHost } from "../../test/factories";
import { createCalendar, startRadicale } from "../../test/radicale";
import { createTestApp } from "../../test/testApp";

// The server and the calendar reads run at NOW, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");

// The installation's default: CALENDAR_ALLOW_PRIVATE off.
const strict = await createTestApp({ calendarAllowPrivate: false });
strict.setNow(NOW);
const feeds = await startFeedServer();
afterAll(() => feeds.stop());
// One event two days ahead, inside any booking horizon.
const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]|\.\d+/g, "");
const soon = NOW.getTime() + 2 * 86_400_000;
feeds.serve(
  "/feed.ics",
  icsFile(["UID:a", `DTSTART:${stamp(soon)}`, `DTEND:${stamp(soon + 3_600_000)}`]),
);

const REFUSED_EN =
  "This address points into a private network, which Slotted does not reach. Use a public address.";

describe("calendar addresses on private networks without CALENDAR_ALLOW_PRIVATE", async () => {
  const host = await signUpHost(strict);
  const connect = (payload: object, language = "en") =>
    strict.request({
      method: "POST",
      url: "/api/calendar-connections",
      headers: { ...host.headers, "accept-language": language },
      payload,
    });

  it("refuses feeds and CalDAV servers on loopback, private, link-local and metadata addresses", async () => {
    for (const url of [
      `${feeds.url}/feed.ics`,
      feeds.url.replace("127.0.0.1", "localhost"),
      "http://[::1]/feed.ics",
      "webcal://10.0.0.5/feed.ics",
      "http://169.254.169.254/latest/meta-data",
      ...REFUSED_HOSTS.map((h) => `http://${h}:${new URL(feeds.url).port}/feed.ics`),
    ]) {
      const feed = await connect({ provider: "ICS", url });
      expect(feed.statusCode, url).toBe(422);
      expect(feed.json().errors.url, url).toEqual([REFUSED_EN]);
      const caldav = await connect({
        provider: "CALDAV",
        serverUrl: url.replace(/^webcal/, "http"),
        username: "u",
        password: "p",
      });
      expect(caldav.statusCode, url).toBe(422);
      expect(caldav.json().errors.serverUrl, url).toEqual([REFUSED_EN]);
    }
    const german = await connect({ provider: "ICS", url: "http://192.168.1.10/x.ics" }, "de");
    expect(german.json().errors.url).toEqual([
      "Diese Adresse zeigt in ein privates Netzwerk, das Slotted nicht erreicht. Verwenden Sie eine öffentliche Adresse.",
    ]);
    expect(await strict.database.db.select().from(calendarConnections)).toEqual([]);
  });

  it("refuses a stored CalDAV server or feed naming IPv4 inside IPv6 where it connects (issue #29)", async () => {
    const reason = (promise: Promise<unknown>) =>
      promise.then(
        () => "reached",
        (error: unknown) => (error instanceof CalendarSourceError ? error.reason : String(error)),
      );
    const week = [soon, soon + 7 * 86_400_000] as const;
    for (const h of ISSUE_29_HOSTS) {
      const serverUrl = `http://${h}:${new URL(feeds.url).port}/`;
      const caldav = caldavSource({ serverUrl, username: "u", password: "p" }, false);
      expect(await reason(caldav.discover()), serverUrl).toBe("PRIVATE_ADDRESS");
      const feed = icsFeedSource(`${serverUrl}feed.ics`, "Feed", { allowPrivate: false });
      const busy = feed.readBusy({ url: `${serverUrl}feed.ics`, timeZone: null }, ...week, "UTC");
      expect(await reason(busy), serverUrl).toBe("PRIVATE_ADDRESS");
    }
  });

  it("refuses again at every sync: a connection made while allowed fails with a plain reason", async () => {
    const context = {
      db: strict.database.db,
      encryptionKey: strict.deps.config.encryptionKey,
      publicUrl: strict.deps.config.publicUrl,
      now: NOW,
    };
    const url = `${feeds.url}/feed.ics`;
    // Allowed with the flag: the loopback feed is read and its event counted.
    const row = await calendarConnectionCreator({ ...context, allowPrivate: true }, host.id, {
      provider: "ICS",
      url,
    });
    const listed = async () =>
      (
        await strict.request({
          method: "GET",
          url: "/api/calendar-connections",
          headers: host.headers,
        })
      ).json().connections[0];
    expect(await listed()).toMatchObject({ status: "OK", busyBlocks: 1, lastError: null });
    // Without it (this server's setting), the next read is refused where it connects.
    const sync = await strict.request({
      method: "POST",
      url: `/api/calendar-connections/${row.id}/sync`,
      headers: host.headers,
      payload: {},
    });
    expect(sync.statusCode, sync.body).toBe(200);
    expect(await listed()).toMatchObject({ status: "FAILING", lastError: "PRIVATE_ADDRESS" });
  });
});

describe("CalDAV requests on a private address", async () => {
  const radicale = await startRadicale();
  afterAll(() => radicale.stop());
  const calendar = await createCalendar(radicale, "work");
  const account = { serverUrl: radicale.url, username: radicale.user, password: "x" };
  const reason = (promise: Promise<unknown>) =>
    promise.then(
      () => "reached",
      (error: unknown) => (error instanceof CalendarSourceError ? error.reason : String(error)),
    );

  it("refuses discovery, reading and writing alike, and reaches the server when allowed", async () => {
    const strictSource = caldavSource(account, false);
    expect(await reason(strictSource.discover())).toBe("PRIVATE_ADDRESS");
    const week = [NOW.getTime(), NOW.getTime() + 7 * 86_400_000] as const;
    expect(
      await reason(strictSource.readBusy({ url: calendar, timeZone: null }, ...week, "UTC")),
    ).toBe("PRIVATE_ADDRESS");
    const ics = icsFile(["UID:w", "DTSTART:20990101T100000Z", "DTEND:20990101T110000Z"]);
    expect(await reason(strictSource.writeEvent!(calendar, "w", ics, null))).toBe(
      "PRIVATE_ADDRESS",
    );
    const found = await caldavSource(account, true).discover();
    expect(found.map((c) => c.url)).toContain(calendar);
  });
});
