import { afterAll, describe, expect, it } from "vitest";
import { CalendarSourceError } from "./calendarSource";
import { icsFeedSource } from "./icsFeedSource";
import { icsFile } from "./testing/calendarFiles";
import { startFeedServer } from "./testing/feedServer";

const feeds = await startFeedServer();
afterAll(() => feeds.stop());

const window = [Date.parse("2027-03-20T00:00:00Z"), Date.parse("2027-04-10T00:00:00Z")] as const;
const starts = (busy: { start: number }[]) => busy.map((b) => new Date(b.start).toISOString());

feeds.serve(
  "/dst.ics",
  icsFile(
    [
      "UID:berlin-weekly",
      "DTSTART;TZID=Europe/Berlin:20270322T090000",
      "DTEND;TZID=Europe/Berlin:20270322T100000",
      "RRULE:FREQ=WEEKLY;COUNT=3",
    ],
    [
      "UID:ny-weekly",
      "DTSTART;TZID=America/New_York:20270308T080000",
      "DTEND;TZID=America/New_York:20270308T083000",
      "RRULE:FREQ=WEEKLY;COUNT=4",
    ],
  ),
);
feeds.serve("/invalid.ics", "<html><body>Sign in to see this calendar</body></html>");
feeds.serve("/broken.ics", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:garbage\r\n");
feeds.serve("/slow.ics", null);

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CalendarSourceError);
  return (error as CalendarSourceError).reason;
}

describe("icsFeedSource over HTTP", () => {
  it("expands weekly events across the spring DST changes of Berlin and New York", async () => {
    const source = icsFeedSource(`${feeds.url}/dst.ics`, "Feed", { allowPrivate: true });
    const [calendar] = await source.discover();
    expect(calendar).toMatchObject({ readOnly: true });
    const busy = await source.readBusy(calendar!, ...window, "UTC");
    const berlin = busy.filter((b) => b.uid === "berlin-weekly");
    const ny = busy.filter((b) => b.uid === "ny-weekly");
    // Berlin moves to summer time on 2027-03-28: 09:00 local is 08:00Z, then 07:00Z.
    expect(starts(berlin)).toEqual([
      "2027-03-22T08:00:00.000Z",
      "2027-03-29T07:00:00.000Z",
      "2027-04-05T07:00:00.000Z",
    ]);
    // New York moves on 2027-03-14: 08:00 local is 13:00Z before, 12:00Z after.
    expect(starts(ny)).toEqual(["2027-03-22T12:00:00.000Z", "2027-03-29T12:00:00.000Z"]);
  });

  it("reads a webcal:// address as https://", async () => {
    const source = icsFeedSource("webcal://127.0.0.1:1/feed.ics", "Feed", {
      allowPrivate: true,
      timeoutMs: 2000,
    });
    expect(await failure(source.discover())).toBe("UNREACHABLE");
  });

  it("says a page that is not a calendar is invalid", async () => {
    expect(
      await failure(
        icsFeedSource(`${feeds.url}/invalid.ics`, "F", { allowPrivate: true }).discover(),
      ),
    ).toBe("INVALID_DATA");
    expect(
      await failure(
        icsFeedSource(`${feeds.url}/broken.ics`, "F", { allowPrivate: true }).discover(),
      ),
    ).toBe("INVALID_DATA");
  });

  it("says a missing feed is gone and a hanging one timed out", async () => {
    expect(
      await failure(
        icsFeedSource(`${feeds.url}/nothing.ics`, "F", { allowPrivate: true }).discover(),
      ),
    ).toBe("CALENDAR_GONE");
    expect(
      await failure(
        icsFeedSource(`${feeds.url}/slow.ics`, "F", {
          allowPrivate: true,
          timeoutMs: 300,
        }).discover(),
      ),
    ).toBe("TIMEOUT");
  });
});
