import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DomainError } from "../../core/errors";
import { createEventType, createTeam, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { insertEvent } from "./testing/insertEvent";
import { type TimetableAnswer, TimetableService, type TimetableWindow } from "./timetableService";

const t = await createTestApp();
const { db } = t.database;

// Monday 2027-06-07 to Friday; Berlin is UTC+2 in June.
const WEEK: TimetableWindow = {
  startDate: "2027-06-07",
  endDate: "2027-06-11",
  timeZone: "Europe/Berlin",
  checkFirstAvailable: false,
};
const NOW = new Date("2027-06-01T00:00:00Z");

/** A service of its own (an empty cache) on the test database, at NOW. */
const service = () => new TimetableService({ database: t.database, clock: () => NOW });

async function hostWithEventType(overrides: Record<string, unknown> = {}) {
  const host = await signUpHost(t);
  const eventType = await createEventType(t, host, overrides);
  return { host, eventType, link: { userLink: host.username, eventTypeLink: eventType.slug } };
}

/** The Berlin times offered on `date`. */
const timesOn = (answer: TimetableAnswer, date: string) =>
  answer.timetable.days.find((day) => day.date === date)?.slots.map((slot) => slot.localTime) ?? [];

/** What a public answer shows of the days: dates and slot starts, not who could take them. */
const shown = (answer: TimetableAnswer) =>
  answer.timetable.days.map((day) => ({ date: day.date, starts: day.slots.map((s) => s.start) }));

describe("TimetableService", () => {
  it("computes a request once and answers it again from the cache, the same timetable", async () => {
    const { link } = await hostWithEventType();
    const timetables = service();

    const first = await timetables.forBooking(link, WEEK);
    expect(first.cache).toBe("miss");
    expect(first.changed).toBeNull();
    expect(timesOn(first, "2027-06-08")).toContain("10:00");

    const second = await timetables.forBooking(link, WEEK);
    expect(second.cache).toBe("hit");
    expect(second.changed).toBeNull();
    // The stored object itself: what the presenter derived from it (its JSON, its gzip) serves again.
    expect(second.timetable).toBe(first.timetable);

    // Another window is another request.
    const other = await timetables.forBooking(link, { ...WEEK, endDate: "2027-06-10" });
    expect(other.cache).toBe("miss");
  });

  it("after a booking recomputes only what it changed, and says where", async () => {
    const { host, eventType, link } = await hostWithEventType();
    const timetables = service();
    const before = await timetables.forBooking(link, WEEK);

    // Berlin 10:00-10:30 on Tuesday, written as the booking code writes it.
    await insertEvent(db, {
      eventTypeId: eventType.id,
      hostIds: [host.id],
      start: "2027-06-08T08:00:00Z",
      end: "2027-06-08T08:30:00Z",
    });
    const after = await timetables.forBooking(link, WEEK);
    expect(after.cache).toBe("miss");
    expect(after.changed).toEqual([
      { start: Date.parse("2027-06-08T08:00:00Z"), end: Date.parse("2027-06-08T08:30:00Z") },
    ]);
    expect(timesOn(after, "2027-06-08")).not.toContain("10:00");
    // The days the booking cannot reach are the previous answer's own day objects.
    const monday = (answer: TimetableAnswer) =>
      answer.timetable.days.find((day) => day.date === "2027-06-07");
    expect(monday(after)).toBe(monday(before));
    // As a fresh service (nothing cached) computes it.
    expect(shown(after)).toEqual(shown(await service().forBooking(link, WEEK)));
    expect((await timetables.forBooking(link, WEEK)).cache).toBe("hit");
  });

  it("after a schedule change computes the whole window afresh", async () => {
    const { host, link } = await hostWithEventType();
    const timetables = service();
    expect(timesOn(await timetables.forBooking(link, WEEK), "2027-06-09")).toContain("10:00");

    await db.execute(sql`update schedules
      set overrides = '[{"date": "2027-06-09", "intervals": []}]'::jsonb where user_id = ${host.id}`);
    const after = await timetables.forBooking(link, WEEK);
    expect(after.cache).toBe("miss");
    // The settings moved: nothing of the previous answer is kept, so no change is reported.
    expect(after.changed).toBeNull();
    expect(timesOn(after, "2027-06-09")).toEqual([]);
    expect(timesOn(after, "2027-06-08")).toContain("10:00");
    expect(shown(after)).toEqual(shown(await service().forBooking(link, WEEK)));
  });

  it("keys by shared link too, and refuses a link that names nothing", async () => {
    const { host, link } = await hostWithEventType();
    const colleague = await signUpHost(t);
    const team = await createTeam(t, host, [colleague]);
    const roundRobin = await createEventType(t, host, {
      kind: "ROUND_ROBIN",
      teamId: team.id,
      hosts: [
        { userId: host.id, priority: 2 },
        { userId: colleague.id, priority: 1 },
      ],
    });
    const timetables = service();
    const sharedLink = roundRobin.sharedLink as string;
    expect((await timetables.forBooking({ sharedLink }, WEEK)).cache).toBe("miss");
    expect((await timetables.forBooking({ sharedLink }, WEEK)).cache).toBe("hit");

    const unknown = { ...link, eventTypeLink: "no-such-type" };
    await expect(timetables.forBooking(unknown, WEEK)).rejects.toBeInstanceOf(DomainError);
    await expect(timetables.forBooking({ sharedLink: "  " }, WEEK)).rejects.toBeInstanceOf(
      DomainError,
    );
  });

  it("computes a move's timetable without the cache, with the meeting's own time free", async () => {
    const { host, eventType } = await hostWithEventType();
    const meeting = await insertEvent(db, {
      eventTypeId: eventType.id,
      hostIds: [host.id],
      start: "2027-06-08T08:00:00Z",
      end: "2027-06-08T08:30:00Z",
    });
    const moved = await service().forMove({ eventUuid: meeting.eventId }, WEEK);
    expect(moved.cache).toBe("uncached");
    expect(moved.formerTime).toEqual(new Date("2027-06-08T08:00:00Z"));
    expect(timesOn(moved, "2027-06-08")).toContain("10:00");
  });
});
