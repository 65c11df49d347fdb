import { describe, expect, it } from "vitest";
import { BOOKING_NOW, book, bookingBody, userLink } from "../../test/bookingFactories";
import { createEventType, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();
t.setNow(BOOKING_NOW);

const LA = "America/Los_Angeles";

/** The times of a timetable by the invitee's date, as instants. */
function startsByDate(body: {
  timetable: { date: string; slots: Record<string, { start: string }> }[];
}) {
  return Object.fromEntries(
    body.timetable.map((day) => [
      day.date,
      Object.values(day.slots).map((slot) => new Date(slot.start).toISOString()),
    ]),
  );
}

describe("out of office across distant zones", () => {
  it("takes the host's Auckland day out of a Los Angeles invitee's times, which fall on two of their dates", async () => {
    const host = await signUpHost(t, { timeZone: "Pacific/Auckland" });
    // Every day 06:00-22:00 in Auckland (NZDT, +13): 09:00 to 01:00 the next day in Los Angeles.
    const day = [{ start: "06:00", end: "22:00" }];
    const schedule = await t.request({
      method: "POST",
      url: "/api/schedules",
      headers: host.headers,
      payload: {
        name: "Auckland days",
        timeZone: "Pacific/Auckland",
        weekly: { MON: day, TUE: day, WED: day, THU: day, FRI: day, SAT: day, SUN: day },
      },
    });
    expect(schedule.statusCode, schedule.body).toBe(201);
    const type = await createEventType(t, host, {
      duration: 60,
      scheduleId: schedule.json().id,
    });
    const away = await t.request({
      method: "POST",
      url: "/api/out-of-office",
      headers: host.headers,
      payload: { startDate: "2027-01-13", endDate: "2027-01-13", note: "Hiking" },
    });
    expect(away.statusCode, away.body).toBe(201);

    const timetable = await t.request({
      method: "GET",
      url: `/api/timetable?userLink=${host.username}&eventTypeLink=${type.slug}&start=2027-01-11&end=2027-01-14&timezone=${LA}`,
    });
    expect(timetable.statusCode, timetable.body).toBe(200);
    const starts = startsByDate(timetable.json());
    // Auckland's 2027-01-13 runs from 01-12 03:00 to 01-13 03:00 in Los Angeles (11:00Z to 11:00Z).
    const inAwayDay = (iso: string) =>
      iso >= "2027-01-12T11:00:00.000Z" && iso < "2027-01-13T11:00:00.000Z";
    const all = Object.values(starts).flat();
    expect(all.filter(inAwayDay)).toEqual([]);
    // 01-12 in Los Angeles keeps only the hour from Auckland's 01-12 (00:00-01:00 PST).
    expect(starts["2027-01-12"]).toEqual(["2027-01-12T08:00:00.000Z"]);
    // 01-13 loses its small hour (Auckland's away day) and keeps 09:00-24:00 (Auckland's 01-14).
    expect(starts["2027-01-13"]).toHaveLength(15);
    expect(starts["2027-01-13"]![0]).toBe("2027-01-13T17:00:00.000Z");
    // The days around are whole: 00:00-01:00 and 09:00-24:00.
    expect(starts["2027-01-11"]).toHaveLength(16);
    // The notice names the invitee's dates the away day touches.
    expect(timetable.json().outOfOffice).toEqual([
      { startDate: "2027-01-12", endDate: "2027-01-13", note: "Hiking", colleague: null },
    ]);

    // The write refuses the away day's times and books those beside it.
    const refused = await book(
      t,
      bookingBody(userLink(host, type), { start: "2027-01-12T20:00:00.000Z", timezone: LA }),
    );
    expect(refused.statusCode).toBe(409);
    const ok = await book(
      t,
      bookingBody(userLink(host, type), { start: "2027-01-13T17:00:00.000Z", timezone: LA }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
