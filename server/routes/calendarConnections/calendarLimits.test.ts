import { count, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_BUSY_INTERVALS, MAX_CALENDAR_BYTES } from "../../calendars/busyLimits";
import { icsFile, putEvent } from "../../calendars/testing/calendarFiles";
import { startFeedServer } from "../../calendars/testing/feedServer";
import { calendarBusy } from "../../db/schema";
import { BOOKING_NOW } from "../../test/bookingFactories";
import { createEventType, type Host, signUpHost } from "../../test/factories";
import { createCalendar, startRadicale } from "../../test/radicale";
import { createTestApp } from "../../test/testApp";

// The limits of busyLimits.ts, end to end: what a hostile or huge calendar leaves in
// calendar_busy and what the host is told. A hostile calendar costs its whole read budget
// (a few seconds of CPU), hence the longer bound on those tests.
const HOSTILE_TEST_MS = 120_000;
const t = await createTestApp();
t.setNow(BOOKING_NOW);
const feeds = await startFeedServer();
const radicale = await startRadicale();
afterAll(async () => {
  await feeds.stop();
  await radicale.stop();
});

/** Ten events repeating every minute for 30 seconds: 500,000 busy rows a year, unmerged. */
const minutely = (prefix: string) =>
  Array.from({ length: 10 }, (_, i) => [
    `UID:${prefix}-${i}`,
    "DTSTART:20270104T000000Z",
    "DTEND:20270104T000030Z",
    "RRULE:FREQ=MINUTELY",
  ]);

function call(host: Host, method: "GET" | "POST", path: string, payload?: object) {
  return t.request({
    method,
    url: `/api/calendar-connections${path}`,
    headers: host.headers,
    ...(payload ? { payload } : {}),
  });
}

async function storedRows(connectionId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(calendarBusy)
    .where(eq(calendarBusy.connectionId, connectionId));
  return row!.n;
}

describe("calendar limits", async () => {
  const host = await signUpHost(t);
  await createEventType(t, host, { duration: 30 });

  it(
    "keeps the earliest 10,000 busy blocks of a feed of ten minutely events, and says so",
    async () => {
      feeds.serve("/flood.ics", icsFile(...minutely("flood")));
      const response = await call(host, "POST", "", {
        provider: "ICS",
        url: `${feeds.url}/flood.ics`,
      });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({ status: "OK", lastError: null, warning: "TOO_MANY_EVENTS" });
      expect(body.busyBlocks).toBe(MAX_BUSY_INTERVALS);
      expect(await storedRows(body.id)).toBe(MAX_BUSY_INTERVALS);
    },
    HOSTILE_TEST_MS,
  );

  it("merges touching occurrences into one block and gives a calendar that fits no warning", async () => {
    feeds.serve(
      "/standup.ics",
      icsFile(
        [
          "UID:standup",
          "DTSTART:20270104T090000Z",
          "DTEND:20270104T091500Z",
          "RRULE:FREQ=MINUTELY;INTERVAL=15;COUNT=4",
        ],
        ["UID:lunch", "DTSTART:20270104T100000Z", "DTEND:20270104T110000Z"],
      ),
    );
    const response = await call(host, "POST", "", {
      provider: "ICS",
      url: `${feeds.url}/standup.ics`,
    });
    expect(response.statusCode, response.body).toBe(201);
    // 09:00-10:00 (four quarters) and 10:00-11:00 touch: one block.
    expect(response.json()).toMatchObject({ status: "OK", warning: null, busyBlocks: 1 });
  });

  it("refuses a feed over 5 MB, and says so when a subscribed one grows past it", async () => {
    const event = (i: number) => [
      `UID:big-${i}`,
      "DTSTART:20270105T090000Z",
      "DTEND:20270105T100000Z",
      `DESCRIPTION:${"x".repeat(900)}`,
    ];
    const big = icsFile(...Array.from({ length: MAX_CALENDAR_BYTES / 900 }, (_, i) => event(i)));
    expect(big.length).toBeGreaterThan(MAX_CALENDAR_BYTES);
    feeds.serve("/big.ics", big);
    const refused = await call(host, "POST", "", { provider: "ICS", url: `${feeds.url}/big.ics` });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors.url).toEqual([expect.stringContaining("5 MB")]);

    feeds.serve("/growing.ics", icsFile(event(1)));
    const created = await call(host, "POST", "", {
      provider: "ICS",
      url: `${feeds.url}/growing.ics`,
    });
    expect(created.json()).toMatchObject({ status: "OK", busyBlocks: 1 });
    feeds.serve("/growing.ics", big);
    const synced = (await call(host, "POST", `/${created.json().id}/sync`)).json();
    expect(synced).toMatchObject({ status: "FAILING", lastError: "TOO_LARGE", busyBlocks: 1 });
  });

  it(
    "applies the same limits to the events of a CalDAV calendar",
    async () => {
      const calendar = await createCalendar(radicale, "flood");
      for (const [i, lines] of minutely("dav").entries()) {
        await putEvent(radicale, calendar, `flood-${i}`, icsFile(lines));
      }
      const response = await call(host, "POST", "", {
        provider: "CALDAV",
        serverUrl: radicale.url,
        username: radicale.user,
        password: "any",
      });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({ status: "OK", warning: "TOO_MANY_EVENTS" });
      expect(body.busyBlocks).toBe(MAX_BUSY_INTERVALS);
    },
    HOSTILE_TEST_MS,
  );
});
