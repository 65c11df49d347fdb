import { and, count, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { icsBusyIntervals } from "../../calendars/icsBusyIntervals";
import { events, hostBusy } from "../../db/schema";
import type { BookingMailPayload } from "../../mail/mailTypes";
import { renderMail } from "../../mail/renderMail";
import {
  BOOKING_NOW,
  berlinSlot,
  bookingBody,
  bookingMailsTo,
  bookOk,
  userLink,
} from "../../test/bookingFactories";
import { createEventType, type Host, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();
t.setNow(BOOKING_NOW);

// Mondays 09:00 Berlin from 2027-03-15; the clocks go forward on Sunday 2027-03-28.
const FIRST = berlinSlot(70, "09:00");
const STARTS = [
  "2027-03-15T08:00:00.000Z",
  "2027-03-22T08:00:00.000Z",
  "2027-03-29T07:00:00.000Z",
  "2027-04-05T07:00:00.000Z",
];
// Tuesday 2027-03-23 10:00 CET.
const TUESDAY = berlinSlot(78, "10:00");
const HOUR = 3600_000;

interface SeriesAnswer {
  attendee: { uuid: string; token: string };
  series: { id: string; occurrences: { uuid: string; start: string }[] };
}

async function bookSeriesOfFour(host: Host, overrides: Record<string, unknown> = {}) {
  const type = await createEventType(t, host, {
    recurrence: { everyWeeks: 1, maxOccurrences: 6 },
    maxDaysAhead: 120,
    ...overrides,
  });
  const body = bookingBody(userLink(host, type), { start: FIRST, occurrences: 4 });
  const answer = (await bookOk(t, body)) as unknown as SeriesAnswer;
  return { type, answer, email: body.email as string };
}

async function seriesRows(eventTypeId: string) {
  return t.database.db
    .select()
    .from(events)
    .where(and(eq(events.eventTypeId, eventTypeId), isNotNull(events.seriesId)))
    .orderBy(events.startAt);
}

async function busyCount(hostId: string) {
  const [busy] = await t.database.db
    .select({ n: count() })
    .from(hostBusy)
    .where(eq(hostBusy.hostId, hostId));
  return busy!.n;
}

const reschedule = (payload: Record<string, unknown>, headers = {}) =>
  t.request({
    method: "POST",
    url: "/api/event/reschedule",
    payload: { timezone: "Europe/Berlin", ...payload },
    headers,
  });

function icsOf(mail: BookingMailPayload) {
  const rendered = renderMail(mail);
  expect(rendered.ics).not.toBeNull();
  return { method: rendered.ics!.method, content: rendered.ics!.content.replace(/\r\n /g, "") };
}

/** The meetings a calendar shows for the invite: its rule expanded, overrides applied. */
async function calendarStarts(ics: string): Promise<string[]> {
  const from = Date.parse("2027-03-01T00:00:00Z");
  const to = Date.parse("2027-05-01T00:00:00Z");
  return (await icsBusyIntervals(ics, from, to, "UTC"))
    .map((interval) => new Date(interval.start).toISOString())
    .sort();
}

describe("moving one occurrence of a series", () => {
  it("moves the occurrence the invitee's link names, keeps the rest, and updates the invite with a RECURRENCE-ID", async () => {
    const host = await signUpHost(t);
    const { type, answer, email } = await bookSeriesOfFour(host);
    const second = answer.series.occurrences[1]!;

    // The series' confirmation now offers rescheduling.
    const [confirmation] = await bookingMailsTo(t, email);
    expect(confirmation!.data.rescheduleUrl).toContain(`/reschedule/by-attendee/`);
    const view = await t.request({ method: "GET", url: `/api/event/uuid/${second.uuid}` });
    expect(view.json().event.inviteeChanges.rescheduleUntil).toBe(second.start);

    const moved = await reschedule({
      attendeeUuid: answer.attendee.uuid,
      token: answer.attendee.token,
      occurrence: second.uuid,
      start: TUESDAY,
      reason: "Dentist",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().event.uuid).toBe(second.uuid);

    const rows = await seriesRows(type.id);
    expect(rows.map((r) => r.startAt.toISOString())).toEqual([
      STARTS[0],
      TUESDAY,
      STARTS[2],
      STARTS[3],
    ]);
    expect(rows.every((r) => r.status === "CONFIRMED")).toBe(true);
    expect(rows[1]!.recurrenceStartAt?.toISOString()).toBe(STARTS[1]);
    expect(
      rows.filter((r) => r.id !== second.uuid).every((r) => r.recurrenceStartAt === null),
    ).toBe(true);
    expect(await busyCount(host.id)).toBe(4);

    const mails = await bookingMailsTo(t, email);
    expect(mails.map((m) => m.template)).toEqual(["bookingConfirmed", "bookingRescheduled"]);
    const ics = icsOf(mails[1]!);
    expect(ics.method).toBe("REQUEST");
    // The rule is unchanged; the moved occurrence is its own VEVENT under the series' UID.
    expect(ics.content).toContain("DTSTART;TZID=Europe/Berlin:20270315T090000");
    expect(ics.content).toContain("RRULE:FREQ=WEEKLY;COUNT=4;INTERVAL=1");
    expect(ics.content).toContain("RECURRENCE-ID;TZID=Europe/Berlin:20270322T090000");
    expect(ics.content).toContain("DTSTART;TZID=Europe/Berlin:20270323T100000");
    expect(ics.content.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics.content.match(new RegExp(`UID:${answer.series.id}@slotted`, "g"))).toHaveLength(2);
    expect(ics.content).toContain("SEQUENCE:1");
    expect(await calendarStarts(ics.content)).toEqual([STARTS[0], TUESDAY, STARTS[2], STARTS[3]]);
    // The host's mail carries the same update.
    const hostMails = await bookingMailsTo(t, host.email);
    expect(hostMails.map((m) => m.template)).toEqual(["bookingConfirmed", "bookingRescheduled"]);
    expect(await calendarStarts(icsOf(hostMails[1]!).content)).toEqual(
      await calendarStarts(ics.content),
    );
    const text = renderMail(mails[1]!).text;
    expect(text).toContain("Dentist");

    // Moved again, it keeps the rule's start as its RECURRENCE-ID.
    const wednesday = berlinSlot(79, "11:00");
    const again = await reschedule({
      attendeeUuid: answer.attendee.uuid,
      token: answer.attendee.token,
      occurrence: second.uuid,
      start: wednesday,
    });
    expect(again.statusCode, again.body).toBe(200);
    const [, row] = await seriesRows(type.id);
    expect(row!.recurrenceStartAt?.toISOString()).toBe(STARTS[1]);
    const latest = icsOf((await bookingMailsTo(t, email))[2]!).content;
    expect(latest).toContain("RECURRENCE-ID;TZID=Europe/Berlin:20270322T090000");
    expect(latest).toContain("SEQUENCE:2");
    expect(await calendarStarts(latest)).toEqual([STARTS[0], wednesday, STARTS[2], STARTS[3]]);
  });

  it("lets the host move an occurrence from the dashboard; cancelling it later leaves an EXDATE at the rule's date", async () => {
    const host = await signUpHost(t);
    const { type, answer, email } = await bookSeriesOfFour(host);
    const third = answer.series.occurrences[2]!;
    // Thursday 2027-04-01 14:00 CEST.
    const thursday = "2027-04-01T12:00:00.000Z";

    const stranger = await signUpHost(t);
    const refused = await reschedule({ eventUuid: third.uuid, start: thursday }, stranger.headers);
    expect(refused.statusCode).toBe(404);

    const moved = await reschedule({ eventUuid: third.uuid, start: thursday }, host.headers);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await seriesRows(type.id)).map((r) => r.startAt.toISOString())).toEqual([
      STARTS[0],
      STARTS[1],
      thursday,
      STARTS[3],
    ]);
    const update = icsOf((await bookingMailsTo(t, email))[1]!).content;
    expect(update).toContain("RECURRENCE-ID;TZID=Europe/Berlin:20270329T090000");
    expect(update).toContain("DTSTART;TZID=Europe/Berlin:20270401T140000");

    const cancelled = await t.request({
      method: "PUT",
      url: `/api/event/uuid/${third.uuid}/cancel`,
      payload: {},
      headers: host.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const mails = await bookingMailsTo(t, email);
    const ics = icsOf(mails.at(-1)!);
    expect(ics.method).toBe("REQUEST");
    expect(ics.content).toContain("EXDATE;TZID=Europe/Berlin:20270329T090000");
    expect(ics.content).not.toContain("RECURRENCE-ID");
    expect(await calendarStarts(ics.content)).toEqual([STARTS[0], STARTS[1], STARTS[3]]);
  });

  it("checks the new time like any reschedule: another occurrence's time and a weekly cap refuse it, nothing changes", async () => {
    const host = await signUpHost(t);
    const { type, answer } = await bookSeriesOfFour(host, { weeklyLimit: 1 });
    const [first, second] = answer.series.occurrences;
    const link = { attendeeUuid: answer.attendee.uuid, token: answer.attendee.token };

    const onThird = await reschedule({ ...link, occurrence: second!.uuid, start: STARTS[2] });
    expect(onThird.statusCode, onThird.body).toBe(409);
    expect(onThird.json().code).toBe("SLOT_NOT_AVAILABLE_ANYMORE");
    // The week of the first occurrence already has its one meeting.
    const sameWeek = await reschedule({
      ...link,
      occurrence: second!.uuid,
      start: berlinSlot(72, "10:00"),
    });
    expect(sameWeek.statusCode, sameWeek.body).toBe(409);
    // Within its own week it moves.
    const ownWeek = await reschedule({ ...link, occurrence: second!.uuid, start: TUESDAY });
    expect(ownWeek.statusCode, ownWeek.body).toBe(200);
    expect((await seriesRows(type.id)).map((r) => r.startAt.toISOString())).toEqual([
      STARTS[0],
      TUESDAY,
      STARTS[2],
      STARTS[3],
    ]);
    expect(first!.start).toBe(STARTS[0]);

    // An occurrence of someone else's series is not theirs to name.
    const other = await bookSeriesOfFour(await signUpHost(t));
    const foreign = await reschedule({
      ...link,
      occurrence: other.answer.series.occurrences[1]!.uuid,
      start: TUESDAY,
    });
    expect(foreign.statusCode).toBe(404);
    const wrongToken = await reschedule({
      attendeeUuid: answer.attendee.uuid,
      token: "nope",
      occurrence: second!.uuid,
      start: berlinSlot(79, "10:00"),
    });
    expect(wrongToken.statusCode).toBe(403);
  });

  it("applies the reschedule notice to the occurrence moved, for the invitee only", async () => {
    const host = await signUpHost(t);
    const { answer } = await bookSeriesOfFour(host, { rescheduleNotice: 24 * 60 });
    const [, second, third] = answer.series.occurrences;
    const link = { attendeeUuid: answer.attendee.uuid, token: answer.attendee.token };
    // Twelve hours before the second occurrence: too late for it, not for the third.
    t.setNow(new Date(Date.parse(STARTS[1]!) - 12 * HOUR));
    try {
      const late = await reschedule({ ...link, occurrence: second!.uuid, start: TUESDAY });
      expect(late.statusCode, late.body).toBe(409);
      expect(late.json().message).toMatch(/too late to reschedule/);
      const fine = await reschedule({
        ...link,
        occurrence: third!.uuid,
        start: "2027-03-30T12:00:00.000Z",
      });
      expect(fine.statusCode, fine.body).toBe(200);
      // Months after booking the host's 30-day session has ended (auth reads the injected clock).
      const login = await t.request({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: host.email, password: "correct horse battery" },
      });
      expect(login.statusCode, login.body).toBe(200);
      const signedIn = { authorization: `Bearer ${login.json().token}` };
      const byHost = await reschedule({ eventUuid: second!.uuid, start: TUESDAY }, signedIn);
      expect(byHost.statusCode, byHost.body).toBe(200);
    } finally {
      t.setNow(BOOKING_NOW);
    }
  });
});
