import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events } from "../../db/schema";
import {
  BOOKING_NOW,
  berlinSlot,
  book,
  bookingBody,
  bookingMailsTo,
  bookOk,
  userLink,
} from "../../test/bookingFactories";
import { createEventType, createTeam, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();
t.setNow(BOOKING_NOW);

// BOOKING_NOW is Monday 2027-01-04; the hosts work 09:00-17:00 Berlin, Monday to Friday.
async function datesOffered(link: Record<string, string>, start: string, end: string) {
  const query = new URLSearchParams({ ...link, start, end, timezone: "Europe/Berlin" });
  const response = await t.request({ method: "GET", url: `/api/timetable?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().timetable.map((day: { date: string }) => day.date) as string[];
}

async function eventCount(eventTypeId: string) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(events)
    .where(eq(events.eventTypeId, eventTypeId));
  return row!.n;
}

describe("weekly, monthly and meeting-time limits", () => {
  it("leave a full week out of the timetable and refuse a booking in it, nothing written", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { weeklyLimit: 2 });
    expect(type).toMatchObject({ weeklyLimit: 2, monthlyLimit: null });
    const link = userLink(host, type);
    await bookOk(t, bookingBody(link, { start: berlinSlot(0, "09:00") }));
    expect(await datesOffered(link, "2027-01-04", "2027-01-08")).toHaveLength(5);
    await bookOk(t, bookingBody(link, { start: berlinSlot(1, "09:00") }));

    expect(await datesOffered(link, "2027-01-04", "2027-01-12")).toEqual([
      "2027-01-11",
      "2027-01-12",
    ]);
    const refused = await book(t, bookingBody(link, { start: berlinSlot(2, "09:00") }), {
      "accept-language": "de",
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: "SLOT_NOT_AVAILABLE_ANYMORE" });
    expect(refused.json().message).not.toMatch(/selected time/);
    expect(await eventCount(type.id)).toBe(2);
    // Monday 00:00 Berlin starts a new week.
    await bookOk(t, bookingBody(link, { start: berlinSlot(7, "09:00") }));
  });

  it("count a calendar month and the meeting time per day", async () => {
    const host = await signUpHost(t);
    const monthly = await createEventType(t, host, { monthlyLimit: 1 });
    const link = userLink(host, monthly);
    await bookOk(t, bookingBody(link, { start: berlinSlot(24, "09:00") }));
    // 2027-01-28 is in the month already used; February is not.
    expect(await datesOffered(link, "2027-01-27", "2027-02-01")).toEqual(["2027-02-01"]);

    const timed = await createEventType(t, host, { dailyDurationLimit: 60, duration: 30 });
    const timedLink = userLink(host, timed);
    await bookOk(t, bookingBody(timedLink, { start: berlinSlot(3, "09:00") }));
    await bookOk(t, bookingBody(timedLink, { start: berlinSlot(3, "11:00") }));
    expect(
      (await book(t, bookingBody(timedLink, { start: berlinSlot(3, "14:00") }))).statusCode,
    ).toBe(409);
    expect(await datesOffered(timedLink, "2027-01-07", "2027-01-08")).toEqual(["2027-01-08"]);
  });

  it("count per host: a round robin goes to the host with room, then is full", async () => {
    const [ada, bob] = [await signUpHost(t), await signUpHost(t)];
    const team = await createTeam(t, ada, [bob]);
    const type = await createEventType(t, ada, {
      kind: "ROUND_ROBIN",
      teamId: team.id,
      hosts: [
        { userId: ada.id, priority: 2 },
        { userId: bob.id, priority: 1 },
      ],
      weeklyLimit: 1,
    });
    const link = { sharedLink: type.sharedLink };
    const first = await bookOk(t, bookingBody(link, { start: berlinSlot(0, "09:00") }));
    const second = await bookOk(t, bookingBody(link, { start: berlinSlot(1, "09:00") }));
    const hostsOf = (answer: typeof first) =>
      (answer.event as unknown as { hosts: { uuid?: string; name?: string }[] }).hosts;
    expect(hostsOf(first)).not.toEqual(hostsOf(second));
    expect((await book(t, bookingBody(link, { start: berlinSlot(2, "09:00") }))).statusCode).toBe(
      409,
    );
    const query = new URLSearchParams({
      sharedLink: type.sharedLink,
      start: "2027-01-04",
      end: "2027-01-11",
      timezone: "Europe/Berlin",
    });
    const response = await t.request({
      method: "GET",
      url: `/api/timetable-by-shared-link?${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const days = response.json().timetable;
    expect(days.map((day: { date: string }) => day.date)).toEqual(["2027-01-11"]);
  });

  it("let a booking move within its own full week", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { weeklyLimit: 1 });
    const body = bookingBody(userLink(host, type));
    const answer = await bookOk(t, body);
    const [mail] = await bookingMailsTo(t, body.email as string);
    const token = new URL(mail!.data.rescheduleUrl!).searchParams.get("token")!;
    const moved = await t.request({
      method: "POST",
      url: "/api/event/reschedule",
      payload: {
        attendeeUuid: answer.attendee.uuid,
        token,
        start: berlinSlot(3, "10:00"),
        timezone: "Europe/Berlin",
        reason: "",
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it("are refused out of range with 422 naming the field", async () => {
    const host = await signUpHost(t);
    const response = await t.request({
      method: "POST",
      url: "/api/event-types",
      headers: host.headers,
      payload: { title: "X", slug: "x-limits", duration: 30, kind: "ONE_ON_ONE", weeklyLimit: 0 },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(["weeklyLimit"]);
  });
});
