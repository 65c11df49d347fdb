import { and, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { icsBusyIntervals } from "../../calendars/icsBusyIntervals";
import { events } from "../../db/schema";
import { renderMail } from "../../mail/renderMail";
import {
  BOOKING_NOW,
  bookingBody,
  bookingMailsTo,
  bookOk,
  userLink,
} from "../../test/bookingFactories";
import { createEventType, type Host, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();
t.setNow(BOOKING_NOW);

/** A weekly type whose host is free all of every Sunday night in Berlin. */
async function sundayNights(host: Host) {
  const schedule = await t.request({
    method: "POST",
    url: "/api/schedules",
    headers: host.headers,
    payload: {
      name: "Sunday nights",
      timeZone: "Europe/Berlin",
      weekly: { SUN: [{ start: "00:00", end: "06:00" }] },
    },
  });
  expect(schedule.statusCode, schedule.body).toBe(201);
  return createEventType(t, host, {
    scheduleId: schedule.json().id,
    recurrence: { everyWeeks: 1, maxOccurrences: 4 },
    maxDaysAhead: 365,
  });
}

/** Books three Sundays from `first` as an invitee in Berlin; the rows' starts and the invite. */
async function bookThree(first: string) {
  const host = await signUpHost(t);
  const type = await sundayNights(host);
  const body = bookingBody(userLink(host, type), { start: first, occurrences: 3 });
  await bookOk(t, body);
  const rows = await t.database.db
    .select()
    .from(events)
    .where(and(eq(events.eventTypeId, type.id), isNotNull(events.seriesId)))
    .orderBy(events.startAt);
  const [mail] = await bookingMailsTo(t, body.email as string);
  const ics = renderMail(mail!).ics!.content.replace(/\r\n /g, "");
  return { starts: rows.map((r) => r.startAt.toISOString()), ics };
}

/** The meetings a calendar reads from the invite (RRULE expanded in its TZID, RFC 5545). */
async function calendarStarts(ics: string, from: string, to: string): Promise<string[]> {
  return (await icsBusyIntervals(ics, Date.parse(from), Date.parse(to), "UTC"))
    .map((interval) => new Date(interval.start).toISOString())
    .sort();
}

describe("a weekly series across a DST change at the series' own time", () => {
  it("books the Sunday whose 02:30 the spring gap skips at 03:30, where the invite's RRULE puts it", async () => {
    // Sunday 2027-03-21 02:30 CET; on 2027-03-28 the clocks jump from 02:00 to 03:00.
    const { starts, ics } = await bookThree("2027-03-21T01:30:00.000Z");
    expect(starts).toEqual([
      "2027-03-21T01:30:00.000Z",
      // 03:30 CEST: the missing 02:30 moved forward by the hour the gap lasts.
      "2027-03-28T01:30:00.000Z",
      "2027-04-04T00:30:00.000Z",
    ]);
    expect(ics).toContain("DTSTART;TZID=Europe/Berlin:20270321T023000");
    expect(ics).toContain("RRULE:FREQ=WEEKLY;COUNT=3;INTERVAL=1");
    expect(await calendarStarts(ics, "2027-03-01T00:00:00Z", "2027-05-01T00:00:00Z")).toEqual(
      starts,
    );
  });

  it("books the Sunday whose 02:30 the autumn change repeats at the first 02:30, as the invite reads", async () => {
    // Sunday 2027-10-24 02:30 CEST; on 2027-10-31 02:30 happens in CEST and again in CET.
    const { starts, ics } = await bookThree("2027-10-24T00:30:00.000Z");
    expect(starts).toEqual([
      "2027-10-24T00:30:00.000Z",
      "2027-10-31T00:30:00.000Z",
      "2027-11-07T01:30:00.000Z",
    ]);
    expect(ics).toContain("DTSTART;TZID=Europe/Berlin:20271024T023000");
    expect(await calendarStarts(ics, "2027-10-01T00:00:00Z", "2027-12-01T00:00:00Z")).toEqual(
      starts,
    );
  });
});
