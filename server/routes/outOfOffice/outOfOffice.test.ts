import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outOfOffice } from "../../db/schema";
import {
  BOOKING_NOW,
  berlinSlot,
  book,
  bookingBody,
  teamEventType,
  userLink,
} from "../../test/bookingFactories";
import { createEventType, createTeam, type Host, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();

const create = (host: Host, payload: object, language = "en") =>
  t.request({
    method: "POST",
    url: "/api/out-of-office",
    headers: { ...host.headers, "accept-language": language },
    payload,
  });

const list = async (host: Host) => {
  const response = await t.request({
    method: "GET",
    url: "/api/out-of-office",
    headers: host.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** A host and a colleague who share a team. */
async function hostWithColleague() {
  const host = await signUpHost(t);
  const colleague = await signUpHost(t);
  await createTeam(t, host, [colleague]);
  return { host, colleague };
}

describe("out of office", () => {
  it("creates, lists, changes and deletes a period naming a team colleague", async () => {
    const { host, colleague } = await hostWithColleague();
    const before = await list(host);
    expect(before.periods).toEqual([]);
    expect(before.colleagues).toEqual([
      { id: colleague.id, name: expect.any(String), username: colleague.username },
    ]);

    const created = await create(host, {
      startDate: "2027-01-05",
      endDate: "2027-01-06",
      note: "  At a conference  ",
      colleagueId: colleague.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const period = created.json();
    expect(period).toMatchObject({
      startDate: "2027-01-05",
      endDate: "2027-01-06",
      note: "At a conference",
      colleague: { id: colleague.id, username: colleague.username },
    });
    expect((await list(host)).periods).toEqual([period]);

    const patched = await t.request({
      method: "PATCH",
      url: `/api/out-of-office/${period.id}`,
      headers: host.headers,
      payload: { endDate: "2027-01-07", colleagueId: null },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      startDate: "2027-01-05",
      endDate: "2027-01-07",
      colleague: null,
    });

    const deleted = await t.request({
      method: "DELETE",
      url: `/api/out-of-office/${period.id}`,
      headers: host.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await list(host)).periods).toEqual([]);
  });

  it("answers 404 to another host for every call on a period, and changes nothing", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    const period = (await create(host, { startDate: "2027-02-01", endDate: "2027-02-02" })).json();
    for (const method of ["PATCH", "DELETE"] as const) {
      const response = await t.request({
        method,
        url: `/api/out-of-office/${period.id}`,
        headers: other.headers,
        ...(method === "PATCH" ? { payload: { note: "mine now" } } : {}),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe("This out-of-office period was not found.");
    }
    expect((await list(other)).periods).toEqual([]);
    expect((await list(host)).periods).toEqual([period]);
  });

  it("refuses a colleague who is not a fellow team member, in the caller's language", async () => {
    const host = await signUpHost(t);
    const stranger = await signUpHost(t);
    const refused = await create(
      host,
      { startDate: "2027-02-01", endDate: "2027-02-02", colleagueId: stranger.id },
      "de",
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.colleagueId).toEqual([
      "Wählen Sie eine Kollegin oder einen Kollegen aus einem Ihrer Teams.",
    ]);
    // Naming oneself is refused too.
    const self = await create(host, {
      startDate: "2027-02-01",
      endDate: "2027-02-02",
      colleagueId: host.id,
    });
    expect(self.statusCode).toBe(422);
    const rows = await t.database.db
      .select()
      .from(outOfOffice)
      .where(eq(outOfOffice.userId, host.id));
    expect(rows).toEqual([]);
  });

  it("refuses an end before the start and dates outside the supported range, with 422", async () => {
    const host = await signUpHost(t);
    const backwards = await create(host, { startDate: "2027-02-03", endDate: "2027-02-02" });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.endDate).toEqual([
      "The end date must not be before the start date.",
    ]);
    const ancient = await create(host, { startDate: "0000-01-01", endDate: "2027-02-02" });
    expect(ancient.statusCode).toBe(422);
    expect(Object.keys(ancient.json().errors)).toEqual(["startDate"]);
    const period = (await create(host, { startDate: "2027-02-01", endDate: "2027-02-02" })).json();
    const patched = await t.request({
      method: "PATCH",
      url: `/api/out-of-office/${period.id}`,
      headers: host.headers,
      payload: { startDate: "2027-02-05" },
    });
    expect(patched.statusCode).toBe(422);
    expect(patched.json().errors.endDate).toEqual([
      "The end date must not be before the start date.",
    ]);
    expect((await list(host)).periods).toEqual([period]);
  });

  it("leaves no times on the away days, refuses to book them, and links the colleague", async () => {
    t.setNow(BOOKING_NOW);
    try {
      const { host, colleague } = await hostWithColleague();
      const type = await createEventType(t, host, { duration: 60 });
      // BOOKING_NOW is Monday 2027-01-04; the host is away Tuesday and Wednesday.
      expect(
        (
          await create(host, {
            startDate: "2027-01-05",
            endDate: "2027-01-06",
            note: "Back on Thursday",
            colleagueId: colleague.id,
          })
        ).statusCode,
      ).toBe(201);
      const timetable = await t.request({
        method: "GET",
        url: `/api/timetable?userLink=${host.username}&eventTypeLink=${type.slug}&start=2027-01-04&end=2027-01-08&timezone=Europe/Berlin`,
      });
      expect(timetable.statusCode, timetable.body).toBe(200);
      const body = timetable.json();
      expect(body.timetable.map((day: { date: string }) => day.date)).toEqual([
        "2027-01-04",
        "2027-01-07",
        "2027-01-08",
      ]);
      expect(body.outOfOffice).toEqual([
        {
          startDate: "2027-01-05",
          endDate: "2027-01-06",
          note: "Back on Thursday",
          colleague: {
            name: expect.any(String),
            url: `${t.deps.config.publicUrl}/${colleague.username}`,
          },
        },
      ]);

      const refused = await book(
        t,
        bookingBody(userLink(host, type), { start: berlinSlot(1, "10:00") }),
      );
      expect(refused.statusCode).toBe(409);
      const ok = await book(
        t,
        bookingBody(userLink(host, type), { start: berlinSlot(3, "10:00") }),
      );
      expect(ok.statusCode, ok.body).toBe(201);
      // Rescheduling stays with the host: the away days show, without the colleague.
      const moving = await t.request({
        method: "GET",
        url: `/api/timetable-by-event?attendeeUuid=${ok.json().attendee.uuid}&start=2027-01-04&end=2027-01-08&timezone=Europe/Berlin`,
      });
      expect(moving.statusCode, moving.body).toBe(200);
      expect(moving.json().outOfOffice).toEqual([
        {
          startDate: "2027-01-05",
          endDate: "2027-01-06",
          note: "Back on Thursday",
          colleague: null,
        },
      ]);
    } finally {
      t.setNow(null);
    }
  });

  it("leaves a colleague who left the team off the booking page", async () => {
    t.setNow(BOOKING_NOW);
    try {
      const host = await signUpHost(t);
      const colleague = await signUpHost(t);
      const team = await createTeam(t, host, [colleague]);
      const type = await createEventType(t, host);
      await create(host, {
        startDate: "2027-01-05",
        endDate: "2027-01-05",
        colleagueId: colleague.id,
      });
      const left = await t.request({
        method: "DELETE",
        url: `/api/teams/${team.id}/members/${colleague.id}`,
        headers: host.headers,
      });
      expect(left.statusCode, left.body).toBe(204);
      const timetable = await t.request({
        method: "GET",
        url: `/api/timetable?userLink=${host.username}&eventTypeLink=${type.slug}&start=2027-01-05&end=2027-01-05&timezone=Europe/Berlin`,
      });
      expect(timetable.json().outOfOffice).toEqual([
        { startDate: "2027-01-05", endDate: "2027-01-05", note: "", colleague: null },
      ]);
      expect(timetable.json().timetable).toEqual([]);
    } finally {
      t.setNow(null);
    }
  });

  it("takes an away host out of team kinds: a collective has no times, a round robin books the other", async () => {
    t.setNow(BOOKING_NOW);
    try {
      const away = await signUpHost(t);
      const other = await signUpHost(t);
      await create(away, { startDate: "2027-01-05", endDate: "2027-01-05" });
      const window = "start=2027-01-05&end=2027-01-05&timezone=Europe/Berlin";
      const collective = await teamEventType(t, "COLLECTIVE", [away, other]);
      const collectiveTimes = await t.request({
        method: "GET",
        url: `/api/timetable-by-shared-link?sharedLink=${collective.sharedLink}&${window}`,
      });
      expect(collectiveTimes.statusCode, collectiveTimes.body).toBe(200);
      expect(collectiveTimes.json().timetable).toEqual([]);
      // Team kinds say nothing about anyone's absence.
      expect(collectiveTimes.json().outOfOffice).toBeUndefined();

      // The away host goes first by priority: only their absence gives the booking to the other.
      const roundRobin = await teamEventType(t, "ROUND_ROBIN", [away, other], {
        hosts: [
          { userId: away.id, priority: 2 },
          { userId: other.id, priority: 0 },
        ],
      });
      const booked = await book(
        t,
        bookingBody({ sharedLink: roundRobin.sharedLink }, { start: berlinSlot(1, "10:00") }),
      );
      expect(booked.statusCode, booked.body).toBe(201);
      expect(booked.json().event.hosts.map((h: { username: string }) => h.username)).toEqual([
        other.username,
      ]);
    } finally {
      t.setNow(null);
    }
  });
});
