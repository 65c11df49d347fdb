import { and, count, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, hostBusy } from "../../db/schema";
import type { BookingMailPayload } from "../../mail/mailTypes";
import { renderMail } from "../../mail/renderMail";
import {
  BOOKING_NOW,
  berlinSlot,
  book,
  bookingBody,
  bookingMailsTo,
  bookOk,
  scheduledOutboxMails,
  userLink,
} from "../../test/bookingFactories";
import { createEventType, type Host, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();
t.setNow(BOOKING_NOW);

// Monday 2027-03-15 09:00 Berlin (CET); the clocks go forward on Sunday 2027-03-28, so the
// third and fourth Mondays are in CEST: the same 09:00 is an hour earlier in UTC.
const FIRST = berlinSlot(70, "09:00");
const STARTS = [
  "2027-03-15T08:00:00.000Z",
  "2027-03-22T08:00:00.000Z",
  "2027-03-29T07:00:00.000Z",
  "2027-04-05T07:00:00.000Z",
];

async function recurringType(host: Host, overrides: Record<string, unknown> = {}) {
  return createEventType(t, host, {
    recurrence: { everyWeeks: 1, maxOccurrences: 6 },
    maxDaysAhead: 120,
    ...overrides,
  });
}

async function seriesRows(eventTypeId: string) {
  return t.database.db
    .select()
    .from(events)
    .where(and(eq(events.eventTypeId, eventTypeId), isNotNull(events.seriesId)))
    .orderBy(events.startAt);
}

const cancel = (uuid: string, payload: Record<string, unknown>, headers = {}) =>
  t.request({ method: "PUT", url: `/api/event/uuid/${uuid}/cancel`, payload, headers });

function icsOf(mail: BookingMailPayload): { method: string; content: string } {
  const rendered = renderMail(mail);
  expect(rendered.ics).not.toBeNull();
  return { method: rendered.ics!.method, content: rendered.ics!.content.replace(/\r\n /g, "") };
}

async function bookSeriesOfFour(host: Host) {
  const type = await recurringType(host);
  const body = bookingBody(userLink(host, type), { start: FIRST, occurrences: 4 });
  const answer = (await bookOk(t, body)) as Awaited<ReturnType<typeof bookOk>> & {
    series: { id: string; occurrences: { uuid: string; start: string; attendee: string }[] };
  };
  return { type, body, answer, email: body.email as string };
}

describe("booking a recurring series", () => {
  it("writes every occurrence with one series id, at 09:00 Berlin across the DST change, and mails one recurring invite", async () => {
    const host = await signUpHost(t);
    const { type, answer, email } = await bookSeriesOfFour(host);
    expect(answer.series.occurrences.map((o) => o.start)).toEqual(STARTS);
    expect(answer.event.uuid).toBe(answer.series.occurrences[0]!.uuid);

    const rows = await seriesRows(type.id);
    expect(rows.map((r) => r.startAt.toISOString())).toEqual(STARTS);
    expect(new Set(rows.map((r) => r.seriesId))).toEqual(new Set([answer.series.id]));
    expect(rows.every((r) => r.status === "CONFIRMED")).toBe(true);

    const mails = await bookingMailsTo(t, email);
    expect(mails.map((m) => m.template)).toEqual(["bookingConfirmed"]);
    const ics = icsOf(mails[0]!);
    expect(ics.method).toBe("REQUEST");
    expect(ics.content).toContain(`UID:${answer.series.id}@slotted`);
    expect(ics.content).toContain("DTSTART;TZID=Europe/Berlin:20270315T090000");
    expect(ics.content).toContain("RRULE:FREQ=WEEKLY;COUNT=4;INTERVAL=1");
    expect(ics.content).toContain("BEGIN:VTIMEZONE");
    expect(ics.content).not.toContain("EXDATE");
    // The host gets one mail too, not one per occurrence.
    expect((await bookingMailsTo(t, host.email)).map((m) => m.template)).toEqual([
      "bookingConfirmed",
    ]);
    // The mail lists the series, with links that manage each of its meetings.
    const text = renderMail(mails[0]!).text;
    expect(text).toMatch(/Every week/);
    expect(text).toContain(`/cancel/${answer.attendee.uuid}/`);
    expect(text).toContain(`/reschedule/by-attendee/${answer.attendee.uuid}?token=`);
    // Each meeting has its own reminder, 24 hours before it (the event type's default).
    const reminders = (await scheduledOutboxMails(t)).filter((row) =>
      rows.some((r) => r.id === row.eventId),
    );
    expect(reminders.map((row) => row.nextAttemptAt.toISOString()).sort()).toEqual(
      STARTS.map((start) => new Date(Date.parse(start) - 24 * 3600_000).toISOString()).sort(),
    );
  });

  it("writes nothing when the fourth occurrence is taken, and the 409 names it in the invitee's language", async () => {
    const host = await signUpHost(t);
    const type = await recurringType(host);
    const link = userLink(host, type);
    await bookOk(t, bookingBody(link, { start: STARTS[3] }));
    const body = bookingBody(link, { start: FIRST, occurrences: 4 });

    const refused = await book(t, body);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: "SLOT_NOT_AVAILABLE_ANYMORE" });
    expect(refused.json().message).toContain("2027-04-05 09:00");
    const german = await book(t, body, { "accept-language": "de" });
    expect(german.json().message).toContain("Der Termin am 2027-04-05 09:00");

    expect(await seriesRows(type.id)).toHaveLength(0);
    const [busy] = await t.database.db
      .select({ n: count() })
      .from(hostBusy)
      .where(eq(hostBusy.hostId, host.id));
    expect(busy!.n).toBe(1);
    expect(await bookingMailsTo(t, body.email as string)).toEqual([]);
    // Three occurrences fit.
    await bookOk(t, { ...body, occurrences: 3 });
  });

  it("counts the series' own occurrences against a cap, which only the write can see", async () => {
    const host = await signUpHost(t);
    // Each occurrence alone fits a monthly cap of two; the third Thursday of March does not.
    const type = await recurringType(host, { monthlyLimit: 2 });
    const body = bookingBody(userLink(host, type), {
      start: berlinSlot(66, "09:00"),
      occurrences: 3,
    });
    const refused = await book(t, body);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toContain("2027-03-25 09:00");
    expect(await seriesRows(type.id)).toHaveLength(0);
  });

  it("refuses occurrences the event type does not offer", async () => {
    const host = await signUpHost(t);
    const single = await createEventType(t, host);
    const refused = await book(t, bookingBody(userLink(host, single), { occurrences: 2 }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.occurrences).toHaveLength(1);

    const type = await recurringType(host);
    const tooMany = await book(
      t,
      bookingBody(userLink(host, type), { start: FIRST, occurrences: 7 }),
    );
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.occurrences[0]).toMatch(/6/);
    expect(await seriesRows(type.id)).toHaveLength(0);
  });

  it("refuses a recurrence with seats, a price or approval on the event type", async () => {
    const host = await signUpHost(t);
    const response = await t.request({
      method: "POST",
      url: "/api/event-types",
      headers: host.headers,
      payload: {
        kind: "ONE_ON_ONE",
        title: "Weekly",
        slug: "weekly-approval",
        duration: 30,
        requiresApproval: true,
        recurrence: { everyWeeks: 2, maxOccurrences: 4 },
      },
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(["recurrence"]);
  });
});

describe("cancelling occurrences of a series", () => {
  it("cancels one occurrence with the link's token and updates the invite with its EXDATE", async () => {
    const host = await signUpHost(t);
    const { type, answer, email } = await bookSeriesOfFour(host);
    const second = answer.series.occurrences[1]!;
    const response = await cancel(answer.attendee.uuid, {
      token: answer.attendee.token,
      occurrence: second.uuid,
      cancellation_reason: "Holiday",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().event).toMatchObject({ uuid: second.uuid, status: "CANCELLED" });
    expect(
      response.json().event.series.occurrences.map((o: { status: string }) => o.status),
    ).toEqual(["CONFIRMED", "CANCELLED", "CONFIRMED", "CONFIRMED"]);

    const rows = await seriesRows(type.id);
    expect(rows.map((r) => r.status)).toEqual(["CONFIRMED", "CANCELLED", "CONFIRMED", "CONFIRMED"]);
    const [busy] = await t.database.db
      .select({ n: count() })
      .from(hostBusy)
      .where(eq(hostBusy.hostId, host.id));
    expect(busy!.n).toBe(3);

    const mails = await bookingMailsTo(t, email);
    expect(mails.map((m) => m.template)).toEqual(["bookingConfirmed", "bookingCancelled"]);
    const ics = icsOf(mails[1]!);
    expect(ics.method).toBe("REQUEST");
    expect(ics.content).toContain(`UID:${answer.series.id}@slotted`);
    expect(ics.content).toContain("SEQUENCE:1");
    expect(ics.content).toContain("RRULE:FREQ=WEEKLY;COUNT=4;INTERVAL=1");
    expect(ics.content).toContain("EXDATE;TZID=Europe/Berlin:20270322T090000");

    // An occurrence of someone else's series is not theirs to name.
    const other = await bookSeriesOfFour(await signUpHost(t));
    const stranger = await cancel(answer.attendee.uuid, {
      token: answer.attendee.token,
      occurrence: other.answer.series.occurrences[2]!.uuid,
    });
    expect(stranger.statusCode).toBe(404);
  });

  it("cancels this and all following occurrences, by the host, then the rest by the invitee", async () => {
    const host = await signUpHost(t);
    const { type, answer, email } = await bookSeriesOfFour(host);
    const third = answer.series.occurrences[2]!;
    const response = await cancel(third.uuid, { following: true }, host.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect((await seriesRows(type.id)).map((r) => r.status)).toEqual([
      "CONFIRMED",
      "CONFIRMED",
      "CANCELLED",
      "CANCELLED",
    ]);
    let mails = await bookingMailsTo(t, email);
    expect(mails.map((m) => m.template)).toEqual(["bookingConfirmed", "bookingCancelled"]);
    let ics = icsOf(mails[1]!);
    expect(ics.method).toBe("REQUEST");
    expect(ics.content).toContain("EXDATE;TZID=Europe/Berlin:20270329T090000,20270405T090000");
    expect(ics.content).toContain("SEQUENCE:2");

    // A stranger cannot; the rest by the invitee's own link: nothing left, the series is cancelled.
    const stranger = await signUpHost(t);
    expect(
      (await cancel(answer.event.uuid, { following: true }, stranger.headers)).statusCode,
    ).toBe(404);
    const rest = await cancel(answer.attendee.uuid, {
      following: true,
      token: answer.attendee.token,
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect((await seriesRows(type.id)).every((r) => r.status === "CANCELLED")).toBe(true);
    mails = await bookingMailsTo(t, email);
    expect(mails).toHaveLength(3);
    ics = icsOf(mails[2]!);
    expect(ics.method).toBe("CANCEL");
    expect(ics.content).toContain(`UID:${answer.series.id}@slotted`);
    expect(ics.content).toContain("SEQUENCE:4");
    const [busy] = await t.database.db
      .select({ n: count() })
      .from(hostBusy)
      .where(eq(hostBusy.hostId, host.id));
    expect(busy!.n).toBe(0);
  });

  it("answers 409 for following on a single meeting, and a wrong token is refused", async () => {
    const host = await signUpHost(t);
    const single = await createEventType(t, host);
    const booked = await bookOk(t, bookingBody(userLink(host, single)));
    const response = await cancel(booked.attendee.uuid, {
      following: true,
      token: booked.attendee.token,
    });
    expect(response.statusCode).toBe(409);
    const { answer } = await bookSeriesOfFour(host);
    const wrong = await cancel(answer.attendee.uuid, { following: true, token: "nope" });
    expect(wrong.statusCode).toBe(403);
  });
});
