import { gunzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadTimetable } from "../../availability/loadTimetable";
import { resolvePublicEventType } from "../../availability/resolvePublicEventType";
import { insertEvent } from "../../availability/testing/insertEvent";
import { eventTypes } from "../../db/schema";
import { createEventType, createTeam, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";
import { presentTimetable } from "./timetablePresenter";

const t = await createTestApp();
const { db } = t.database;

// Monday 2027-06-07; Berlin is UTC+2 in June.
const WEEK = { start: "2027-06-07", end: "2027-06-11", timezone: "Europe/Berlin" };

async function hostWithEventType(overrides: Record<string, unknown> = {}) {
  const host = await signUpHost(t);
  const eventType = await createEventType(t, host, overrides);
  return { host, eventType, link: { userLink: host.username, eventTypeLink: eventType.slug } };
}

interface Body {
  timetable: { date: string; slots: Record<string, { start: string }> }[];
  firstDate: string | null;
  lastDate: string | null;
}

async function timetable(params: Record<string, string>): Promise<Body> {
  const response = await t.request({
    method: "GET",
    url: `/api/timetable?${new URLSearchParams(params)}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const keysOn = (body: Body, date: string) =>
  Object.keys(body.timetable.find((day) => day.date === date)?.slots ?? {});

describe("the timetable cache", () => {
  it("drops the times the clock passes and moves the horizon with the date, as a fresh computation would", async () => {
    const { link } = await hostWithEventType({ minimumNotice: 60, maxDaysAhead: 3 });
    const query = { ...link, ...WEEK };
    // A duration named explicitly is another cache key: that answer is computed afresh.
    const fresh = () => timetable({ ...query, duration: "30" });

    t.setNow(new Date("2027-06-07T07:10:00Z")); // 09:10 in Berlin
    const first = await timetable(query);
    expect(keysOn(first, "2027-06-07")[0]).toBe("10:30");
    expect(first.lastDate).toBe("2027-06-10");

    t.setNow(new Date("2027-06-07T11:10:00Z")); // 13:10: the first four hours are past
    const later = await timetable(query);
    expect(keysOn(later, "2027-06-07")[0]).toBe("14:30");
    expect(later).toEqual(await fresh());

    t.setNow(new Date("2027-06-07T15:00:00Z")); // 17:00: the day is over
    const evening = await timetable(query);
    expect(evening.firstDate).toBe("2027-06-08");
    expect(keysOn(evening, "2027-06-07")).toEqual([]);
    expect(evening).toEqual(await fresh());

    t.setNow(new Date("2027-06-08T06:00:00Z")); // the next morning: one more bookable day
    const nextDay = await timetable(query);
    expect(nextDay.lastDate).toBe("2027-06-11");
    expect(keysOn(nextDay, "2027-06-11").length).toBeGreaterThan(0);
    expect(nextDay).toEqual(await fresh());
  });

  it("sees rows written straight into the database: the versions are bumped by the database itself", async () => {
    t.setNow(new Date("2027-06-01T00:00:00Z"));
    const { host, eventType, link } = await hostWithEventType();
    const query = { ...link, ...WEEK };
    expect(keysOn(await timetable(query), "2027-06-08")).toContain("10:00");

    // Berlin 10:00-10:30.
    await insertEvent(db, {
      eventTypeId: eventType.id,
      hostIds: [host.id],
      start: "2027-06-08T08:00:00Z",
      end: "2027-06-08T08:30:00Z",
    });
    expect(keysOn(await timetable(query), "2027-06-08")).not.toContain("10:00");

    await db.update(eventTypes).set({ active: false }).where(eq(eventTypes.id, eventType.id));
    const off = await t.request({
      method: "GET",
      url: `/api/timetable?${new URLSearchParams(query)}`,
    });
    expect(off.statusCode).toBe(404);
  });

  it("reads again only the round-robin host whose busy time changed, and offers a time while any host is free", async () => {
    t.setNow(new Date("2027-06-01T00:00:00Z"));
    const [ada, bob] = [await signUpHost(t), await signUpHost(t)];
    const team = await createTeam(t, ada, [bob]);
    const eventType = await createEventType(t, ada, {
      kind: "ROUND_ROBIN",
      teamId: team.id,
      hosts: [
        { userId: ada.id, priority: 2 },
        { userId: bob.id, priority: 1 },
      ],
    });
    const query = { sharedLink: eventType.sharedLink as string, ...WEEK };
    const offered = async () => {
      const response = await t.request({
        method: "GET",
        url: `/api/timetable-by-shared-link?${new URLSearchParams(query)}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return keysOn(response.json(), "2027-06-08");
    };
    const tenOClock = { start: "2027-06-08T08:00:00Z", end: "2027-06-08T08:30:00Z" };
    expect(await offered()).toContain("10:00");

    await insertEvent(db, { eventTypeId: eventType.id, hostIds: [ada.id], ...tenOClock });
    expect(await offered()).toContain("10:00"); // Bob is still free
    // Ada's new busy time is cached now; only Bob's changes below.
    await insertEvent(db, { eventTypeId: eventType.id, hostIds: [bob.id], ...tenOClock });
    expect(await offered()).not.toContain("10:00");
  });

  it("answers gzip when asked, the same JSON as without, and plain JSON to a client that refuses it", async () => {
    t.setNow(new Date("2027-06-01T00:00:00Z"));
    const { link } = await hostWithEventType();
    const url = `/api/timetable?${new URLSearchParams({ ...link, ...WEEK })}`;
    const plain = await t.request({ method: "GET", url });
    for (let i = 0; i < 2; i++) {
      const zipped = await t.request({
        method: "GET",
        url,
        headers: { "accept-encoding": "br;q=0.5, gzip" },
      });
      expect(zipped.headers["content-encoding"]).toBe("gzip");
      expect(zipped.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
    }
    const refused = await t.request({
      method: "GET",
      url,
      headers: { "accept-encoding": "gzip;q=0" },
    });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.json()).toEqual(plain.json());
  });

  it.each([
    ["no caps", {}],
    ["a daily cap", { dailyLimit: 2 }],
    ["a weekly cap", { weeklyLimit: 3 }],
  ])(
    "after each booking, move and cancellation, answers as a fresh computation would (%s)",
    async (_, caps) => {
      t.setNow(new Date("2027-06-01T00:00:00Z"));
      const { host, eventType, link } = await hostWithEventType(caps);
      const query = { ...link, ...WEEK };
      // A duration named explicitly is another cache key: that answer is computed afresh.
      // Computed from the database with no cache at all, as the response would present it.
      const fresh = async () => {
        const target = await resolvePublicEventType(db, link);
        const computed = await loadTimetable(
          db,
          target,
          {
            duration: 30,
            window: { startDate: WEEK.start, endDate: WEEK.end, timeZone: WEEK.timezone },
            checkFirstAvailable: false,
          },
          new Date("2027-06-01T00:00:00Z"),
        );
        return presentTimetable(computed, { formerTime: null, withSeats: false });
      };
      const base = { eventTypeId: eventType.id, hostIds: [host.id] };
      expect(await timetable(query)).toEqual(await fresh());

      // Berlin 10:00 on Tuesday, 23:30 on Wednesday (its buffer reaches past midnight), Friday 09:00.
      const tuesday = await insertEvent(db, {
        ...base,
        start: "2027-06-08T08:00:00Z",
        end: "2027-06-08T08:30:00Z",
      });
      expect(await timetable(query)).toEqual(await fresh());
      await insertEvent(db, {
        ...base,
        start: "2027-06-09T21:30:00Z",
        end: "2027-06-09T22:00:00Z",
        bufferAfter: 60,
      });
      expect(await timetable(query)).toEqual(await fresh());
      const friday = await insertEvent(db, {
        ...base,
        start: "2027-06-11T07:00:00Z",
        end: "2027-06-11T07:30:00Z",
      });
      expect(await timetable(query)).toEqual(await fresh());
      await db.execute(sql`update events set start_at = '2027-06-10T12:00:00Z', end_at = '2027-06-10T12:30:00Z'
      where id = ${tuesday.eventId}`);
      await db.execute(sql`update host_busy set during = tstzrange('2027-06-10T12:00:00Z', '2027-06-10T12:30:00Z')
      where event_id = ${tuesday.eventId}`);
      const moved = await timetable(query);
      // Tuesday 10:00 is free again, unless three meetings fill the week.
      expect(keysOn(moved, "2027-06-08").includes("10:00")).toBe(!("weeklyLimit" in caps));
      expect(moved).toEqual(await fresh());
      await db.execute(sql`update events set status = 'CANCELLED' where id = ${friday.eventId}`);
      await db.execute(sql`delete from host_busy where event_id = ${friday.eventId}`);
      expect(await timetable(query)).toEqual(await fresh());
    },
  );

  it("recomputing a booked day keeps the other days as the clock has moved them on", async () => {
    const { host, eventType, link } = await hostWithEventType();
    const query = { ...link, ...WEEK };
    t.setNow(new Date("2027-06-07T06:00:00Z")); // Monday 08:00 in Berlin
    expect(keysOn(await timetable(query), "2027-06-07")[0]).toBe("09:00");

    t.setNow(new Date("2027-06-07T09:10:00Z")); // 11:10: the morning is past
    await insertEvent(db, {
      eventTypeId: eventType.id,
      hostIds: [host.id],
      start: "2027-06-10T08:00:00Z",
      end: "2027-06-10T08:30:00Z",
    });
    const after = await timetable(query);
    expect(keysOn(after, "2027-06-07")[0]).toBe("11:30");
    expect(keysOn(after, "2027-06-10")).not.toContain("10:00");
    expect(after).toEqual(await timetable({ ...query, duration: "30" }));
  });
});
