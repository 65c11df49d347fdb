import { describe, expect, it } from "vitest";
import { MAX_READ_UNITS, MAX_SERIES_UNITS, ReadBudget } from "./busyLimits";
import { CalendarSourceError } from "./calendarSource";
import { icsBusyIntervals } from "./icsBusyIntervals";

const calendar = (...events: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", ...events, "END:VCALENDAR"].join("\r\n");
const vevent = (...lines: string[]) =>
  ["BEGIN:VEVENT", "DTSTAMP:20261001T000000Z", ...lines, "END:VEVENT"].join("\r\n");
const at = (iso: string) => Date.parse(iso);
const iso = (busy: { start: number; end: number }[]) =>
  busy.map((b) => [new Date(b.start).toISOString(), new Date(b.end).toISOString()]);

const FROM = at("2026-10-01T00:00:00Z");
const TO = at("2026-12-01T00:00:00Z");

describe("icsBusyIntervals", () => {
  it("keeps a weekly Berlin meeting at 09:00 local across the October DST change", async () => {
    const text = calendar(
      vevent(
        "UID:berlin",
        "DTSTART;TZID=Europe/Berlin:20261020T090000",
        "DTEND;TZID=Europe/Berlin:20261020T100000",
        "RRULE:FREQ=WEEKLY;COUNT=3",
      ),
    );
    expect(iso(await icsBusyIntervals(text, FROM, TO, "UTC"))).toEqual([
      ["2026-10-20T07:00:00.000Z", "2026-10-20T08:00:00.000Z"],
      ["2026-10-27T08:00:00.000Z", "2026-10-27T09:00:00.000Z"],
      ["2026-11-03T08:00:00.000Z", "2026-11-03T09:00:00.000Z"],
    ]);
  });

  it("keeps a daily New York meeting at 08:30 local across the November DST change", async () => {
    const text = calendar(
      vevent(
        "UID:ny",
        "DTSTART;TZID=America/New_York:20261030T083000",
        "DTEND;TZID=America/New_York:20261030T090000",
        "RRULE:FREQ=DAILY;UNTIL=20261102T235959Z",
      ),
    );
    expect(iso(await icsBusyIntervals(text, FROM, TO, "UTC")).map(([start]) => start)).toEqual([
      "2026-10-30T12:30:00.000Z",
      "2026-10-31T12:30:00.000Z",
      "2026-11-01T13:30:00.000Z",
      "2026-11-02T13:30:00.000Z",
    ]);
  });

  it("moves a weekly time the spring gap skips forward by the gap, keeping its length", async () => {
    // Berlin skips 02:00-03:00 on Sunday 2027-03-28: that 02:30-03:00 is 03:30-04:00 CEST.
    const text = calendar(
      vevent(
        "UID:gap",
        "DTSTART;TZID=Europe/Berlin:20270321T023000",
        "DTEND;TZID=Europe/Berlin:20270321T030000",
        "RRULE:FREQ=WEEKLY;COUNT=3",
      ),
    );
    const spring = await icsBusyIntervals(
      text,
      at("2027-03-01T00:00:00Z"),
      at("2027-05-01T00:00:00Z"),
      "UTC",
    );
    expect(iso(spring)).toEqual([
      ["2027-03-21T01:30:00.000Z", "2027-03-21T02:00:00.000Z"],
      ["2027-03-28T01:30:00.000Z", "2027-03-28T02:00:00.000Z"],
      ["2027-04-04T00:30:00.000Z", "2027-04-04T01:00:00.000Z"],
    ]);
  });

  it("leaves out an excluded date, moves an overridden one and drops a cancelled one", async () => {
    const text = calendar(
      vevent(
        "UID:series",
        "DTSTART:20261005T100000Z",
        "DTEND:20261005T110000Z",
        "RRULE:FREQ=DAILY;COUNT=5",
        "EXDATE:20261006T100000Z",
      ),
      vevent(
        "UID:series",
        "RECURRENCE-ID:20261007T100000Z",
        "DTSTART:20261007T150000Z",
        "DTEND:20261007T153000Z",
      ),
      vevent(
        "UID:series",
        "RECURRENCE-ID:20261008T100000Z",
        "DTSTART:20261008T100000Z",
        "DTEND:20261008T110000Z",
        "STATUS:CANCELLED",
      ),
    );
    expect(iso(await icsBusyIntervals(text, FROM, TO, "UTC"))).toEqual([
      ["2026-10-05T10:00:00.000Z", "2026-10-05T11:00:00.000Z"],
      ["2026-10-07T15:00:00.000Z", "2026-10-07T15:30:00.000Z"],
      ["2026-10-09T10:00:00.000Z", "2026-10-09T11:00:00.000Z"],
    ]);
  });

  it("takes an all-day event as the whole day in the calendar's zone, and skips free ones", async () => {
    const text = calendar(
      vevent("UID:day", "DTSTART;VALUE=DATE:20261012", "DTEND;VALUE=DATE:20261014"),
      vevent(
        "UID:free",
        "DTSTART:20261015T100000Z",
        "DTEND:20261015T110000Z",
        "TRANSP:TRANSPARENT",
      ),
      vevent("UID:one-day", "DTSTART;VALUE=DATE:20261016"),
    );
    expect(iso(await icsBusyIntervals(text, FROM, TO, "Asia/Tokyo"))).toEqual([
      ["2026-10-11T15:00:00.000Z", "2026-10-13T15:00:00.000Z"],
      ["2026-10-15T15:00:00.000Z", "2026-10-16T15:00:00.000Z"],
    ]);
  });

  it("reads a zone the platform does not know through the file's VTIMEZONE", async () => {
    const text = calendar(
      [
        "BEGIN:VTIMEZONE",
        "TZID:W. Europe Standard Time",
        "BEGIN:STANDARD",
        "DTSTART:16010101T030000",
        "TZOFFSETFROM:+0200",
        "TZOFFSETTO:+0100",
        "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10",
        "END:STANDARD",
        "BEGIN:DAYLIGHT",
        "DTSTART:16010101T020000",
        "TZOFFSETFROM:+0100",
        "TZOFFSETTO:+0200",
        "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3",
        "END:DAYLIGHT",
        "END:VTIMEZONE",
      ].join("\r\n"),
      vevent(
        "UID:outlook",
        "DTSTART;TZID=W. Europe Standard Time:20261020T090000",
        "DTEND;TZID=W. Europe Standard Time:20261020T100000",
        "RRULE:FREQ=WEEKLY;COUNT=2",
      ),
    );
    expect(iso(await icsBusyIntervals(text, FROM, TO, "UTC")).map(([start]) => start)).toEqual([
      "2026-10-20T07:00:00.000Z",
      "2026-10-27T08:00:00.000Z",
    ]);
  });

  it("answers only occurrences overlapping the window", async () => {
    const text = calendar(
      vevent("UID:d", "DTSTART:20260901T100000Z", "DTEND:20260901T110000Z", "RRULE:FREQ=DAILY"),
    );
    const busy = await icsBusyIntervals(text, FROM, at("2026-10-03T00:00:00Z"), "UTC");
    expect(busy.map((b) => new Date(b.start).toISOString())).toEqual([
      "2026-10-01T10:00:00.000Z",
      "2026-10-02T10:00:00.000Z",
    ]);
  });

  it("does not take another series' override for its own", async () => {
    const daily = (uid: string) =>
      vevent(
        `UID:${uid}`,
        "DTSTART:20261005T100000Z",
        "DTEND:20261005T110000Z",
        "RRULE:FREQ=DAILY;COUNT=2",
      );
    const text = calendar(
      daily("a"),
      daily("b"),
      vevent(
        "UID:b",
        "RECURRENCE-ID:20261005T100000Z",
        "DTSTART:20261005T150000Z",
        "DTEND:20261005T160000Z",
      ),
    );
    const busy = await icsBusyIntervals(text, FROM, TO, "UTC");
    expect(iso(busy.filter((b) => b.uid === "a"))).toEqual([
      ["2026-10-05T10:00:00.000Z", "2026-10-05T11:00:00.000Z"],
      ["2026-10-06T10:00:00.000Z", "2026-10-06T11:00:00.000Z"],
    ]);
    expect(iso(busy.filter((b) => b.uid === "b"))).toEqual([
      ["2026-10-05T15:00:00.000Z", "2026-10-05T16:00:00.000Z"],
      ["2026-10-06T10:00:00.000Z", "2026-10-06T11:00:00.000Z"],
    ]);
  });

  it("reads the window of a daily series from 1990, with an old occurrence moved into it", async () => {
    const text = calendar(
      vevent(
        "UID:old",
        "DTSTART;TZID=Europe/Berlin:19900101T090000",
        "DTEND;TZID=Europe/Berlin:19900101T100000",
        "RRULE:FREQ=DAILY",
      ),
      vevent(
        "UID:old",
        "RECURRENCE-ID;TZID=Europe/Berlin:19950606T090000",
        "DTSTART:20261002T200000Z",
        "DTEND:20261002T210000Z",
      ),
    );
    const budget = new ReadBudget();
    const busy = await icsBusyIntervals(text, FROM, at("2026-10-03T00:00:00Z"), "UTC", budget);
    expect(iso(busy.sort((a, b) => a.start - b.start))).toEqual([
      ["2026-10-01T07:00:00.000Z", "2026-10-01T08:00:00.000Z"],
      ["2026-10-02T07:00:00.000Z", "2026-10-02T08:00:00.000Z"],
      ["2026-10-02T20:00:00.000Z", "2026-10-02T21:00:00.000Z"],
    ]);
    expect(budget.truncated).toBe(false);
  });

  it("merges the touching occurrences of an event", async () => {
    const text = calendar(
      vevent(
        "UID:m",
        "DTSTART:20261001T090000Z",
        "DTEND:20261001T091500Z",
        "RRULE:FREQ=MINUTELY;INTERVAL=15;COUNT=8",
      ),
    );
    expect(iso(await icsBusyIntervals(text, FROM, TO, "UTC"))).toEqual([
      ["2026-10-01T09:00:00.000Z", "2026-10-01T11:00:00.000Z"],
    ]);
  });

  it("ends a rule that can never match instead of looping forever", async () => {
    const text = calendar(
      vevent(
        "UID:never",
        "DTSTART:20261001T090000Z",
        "DTEND:20261001T100000Z",
        "RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30",
      ),
      vevent(
        "UID:weekly",
        "DTSTART:20261001T090000Z",
        "DTEND:20261001T100000Z",
        "RRULE:FREQ=WEEKLY;COUNT=2",
      ),
    );
    const budget = new ReadBudget();
    const busy = await icsBusyIntervals(text, FROM, TO, "UTC", budget);
    expect(busy.map((b) => b.uid)).toEqual(["weekly", "weekly"]);
    expect(budget.truncated).toBe(true);
  });

  it("reads ten minutely events within its budget, letting the event loop run meanwhile", async () => {
    const text = calendar(
      ...Array.from({ length: 10 }, (_, i) =>
        vevent(
          `UID:flood-${i}`,
          "DTSTART:20261001T000000Z",
          "DTEND:20261001T000030Z",
          "RRULE:FREQ=MINUTELY",
        ),
      ),
    );
    // Stands for the requests a server answers meanwhile: a callback that runs once per turn
    // of the event loop, counting the turns the reading leaves free.
    let turns = 0;
    let reading = true;
    const turn = () => {
      if (!reading) return;
      turns += 1;
      setImmediate(turn);
    };
    setImmediate(turn);
    const budget = new ReadBudget();
    const busy = await icsBusyIntervals(text, FROM, TO, "UTC", budget).finally(() => {
      reading = false;
    });
    expect(budget.truncated).toBe(true);
    expect(busy.length).toBeLessThanOrEqual(MAX_READ_UNITS);
    expect(new Set(busy.map((b) => b.uid)).size).toBe(10);
    // One turn per 500 units at least: a reading that held the loop would leave none.
    expect(turns).toBeGreaterThanOrEqual(Math.floor((10 * MAX_SERIES_UNITS) / 500) / 2);
  }, 120_000);

  it("refuses text that is not iCalendar", async () => {
    await expect(icsBusyIntervals("<html>Not found</html>", FROM, TO, "UTC")).rejects.toThrow(
      CalendarSourceError,
    );
  });
});
