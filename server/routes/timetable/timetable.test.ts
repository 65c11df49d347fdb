import { describe, expect, it } from "vitest";
import { insertEvent } from "../../availability/testing/insertEvent";
import { insertSingleUseLink } from "../../availability/testing/insertSingleUseLink";
import { createEventType, createTeam, type Host, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();
const { db } = t.database;

// Monday 2027-06-07; Berlin is UTC+2 and New York UTC-4 in June.
const MONDAY = "2027-06-07";
const JUNE_FIRST = new Date("2027-06-01T00:00:00Z");

type Params = Record<string, string | number | boolean | undefined>;

function get(path: string, params: Params) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) query.set(key, String(value));
  }
  return t.request({ method: "GET", url: `/api/${path}?${query}` });
}

async function timetable(path: string, params: Params) {
  const response = await get(path, params);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The slot keys of one date, or [] when the date is not listed. */
function keysOn(body: { timetable: { date: string; slots: object }[] }, date: string): string[] {
  return Object.keys(body.timetable.find((day) => day.date === date)?.slots ?? {});
}

/** "HH:mm" every `step` minutes from `from` (inclusive) to `to` (exclusive). */
function times(from: string, to: string, step = 30): string[] {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
  const out: string[] = [];
  for (let m = minutes(from); m < minutes(to); m += step) {
    out.push(`${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`);
  }
  return out;
}

async function personalEventType(overrides: Record<string, unknown> = {}) {
  const host = await signUpHost(t);
  const eventType = await createEventType(t, host, overrides);
  const link = { userLink: host.username, eventTypeLink: eventType.slug };
  return { host, eventType, link };
}

async function teamEventType(kind: "ROUND_ROBIN" | "COLLECTIVE", hosts: Host[], admin: Host) {
  const team = await createTeam(
    t,
    admin,
    hosts.filter((host) => host !== admin),
  );
  return createEventType(t, admin, {
    kind,
    teamId: team.id,
    hosts: hosts.map((host, i) => ({ userId: host.id, priority: hosts.length - i })),
  });
}

describe("GET /api/timetable", () => {
  it("lists the host's working hours as slots in the invitee's zone, only dates with slots", async () => {
    t.setNow(JUNE_FIRST);
    const { link } = await personalEventType();
    const body = await timetable("timetable", {
      ...link,
      start: "2027-06-05",
      end: MONDAY,
      timezone: "America/New_York",
    });
    expect(body.timetable.map((day: { date: string }) => day.date)).toEqual([MONDAY]);
    // Berlin 09:00-17:00 is 03:00-11:00 in New York.
    expect(keysOn(body, MONDAY)).toEqual(times("03:00", "11:00"));
    expect(body.timetable[0].slots["03:00"]).toEqual({ start: "2027-06-07T07:00:00Z" });
    expect(body).toMatchObject({
      formerTime: null,
      firstDate: MONDAY,
      lastDate: "2027-07-31",
      isNotAvailable: false,
      maximumDaysChecked: 90,
    });
  });

  it("defaults the zone to the host's and maps legacy zone names", async () => {
    t.setNow(JUNE_FIRST);
    const { link } = await personalEventType();
    const inBerlin = await timetable("timetable", { ...link, start: MONDAY, end: MONDAY });
    expect(keysOn(inBerlin, MONDAY)).toEqual(times("09:00", "17:00"));
    const inKolkata = await timetable("timetable", {
      ...link,
      start: MONDAY,
      end: MONDAY,
      timezone: "Asia/Calcutta",
    });
    expect(keysOn(inKolkata, MONDAY)).toEqual(times("12:30", "20:30"));
  });

  it("leaves out times of confirmed and pending-payment events, not cancelled ones", async () => {
    t.setNow(JUNE_FIRST);
    const { host, eventType, link } = await personalEventType();
    const base = { eventTypeId: eventType.id, hostIds: [host.id] };
    await insertEvent(db, { ...base, start: "2027-06-07T08:00:00Z", end: "2027-06-07T09:00:00Z" });
    await insertEvent(db, {
      ...base,
      start: "2027-06-07T11:00:00Z",
      end: "2027-06-07T11:30:00Z",
      status: "PENDING_PAYMENT",
    });
    await insertEvent(db, {
      ...base,
      start: "2027-06-07T13:00:00Z",
      end: "2027-06-07T14:00:00Z",
      status: "CANCELLED",
    });
    const body = await timetable("timetable", { ...link, start: MONDAY, end: MONDAY });
    const keys = keysOn(body, MONDAY);
    expect(keys).not.toContain("10:00");
    expect(keys).not.toContain("10:30");
    expect(keys).not.toContain("13:00");
    expect(keys).toContain("11:00");
    expect(keys).toContain("15:00");
  });

  it("computes with the duration asked for and refuses one not offered", async () => {
    t.setNow(JUNE_FIRST);
    const { link } = await personalEventType({ duration: 30, durations: [30, 60] });
    const hourly = await timetable("timetable", {
      ...link,
      start: MONDAY,
      end: MONDAY,
      duration: 60,
    });
    expect(keysOn(hourly, MONDAY)).toEqual(times("09:00", "17:00", 60));

    const refused = await get("timetable", { ...link, start: MONDAY, end: MONDAY, duration: 45 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: "This duration is not offered.",
      errors: { duration: ["Choose one of the offered durations: 30, 60 minutes."] },
    });
  });

  it("shows a GROUP event's seats left, and hides a full event's time", async () => {
    t.setNow(JUNE_FIRST);
    const { host, eventType, link } = await personalEventType({ kind: "GROUP", seats: 3 });
    const base = { eventTypeId: eventType.id, hostIds: [host.id] };
    await insertEvent(db, {
      ...base,
      start: "2027-06-07T08:00:00Z",
      end: "2027-06-07T08:30:00Z",
      attendees: 2,
      cancelledAttendees: 1,
    });
    await insertEvent(db, {
      ...base,
      start: "2027-06-07T12:00:00Z",
      end: "2027-06-07T12:30:00Z",
      attendees: 3,
    });
    const body = await timetable("timetable", { ...link, start: MONDAY, end: MONDAY });
    const slots = body.timetable[0].slots;
    expect(slots["10:00"]).toEqual({ start: "2027-06-07T08:00:00Z", seatsLeft: 1 });
    expect(slots["09:00"]).toEqual({ start: "2027-06-07T07:00:00Z", seatsLeft: 3 });
    expect(slots).not.toHaveProperty("14:00");
  });

  it("keys the second reading of a repeated hour with its UTC offset (New York, 2027-11-07)", async () => {
    t.setNow(new Date("2027-11-01T12:00:00Z"));
    const host = await signUpHost(t, { timeZone: "America/New_York" });
    const schedule = await t.request({
      method: "POST",
      url: "/api/schedules",
      headers: host.headers,
      payload: {
        name: "Night owl",
        timeZone: "America/New_York",
        weekly: { SUN: [{ start: "00:00", end: "04:00" }] },
      },
    });
    expect(schedule.statusCode, schedule.body).toBe(201);
    const eventType = await createEventType(t, host, { scheduleId: schedule.json().id });
    const body = await timetable("timetable", {
      userLink: host.username,
      eventTypeLink: eventType.slug,
      start: "2027-11-07",
      end: "2027-11-07",
    });
    // 00:00-04:00 that night is five real hours: 01:00-02:00 happens twice (EDT, then EST).
    expect(body.timetable).toEqual([
      {
        date: "2027-11-07",
        slots: {
          "00:00": { start: "2027-11-07T04:00:00Z" },
          "00:30": { start: "2027-11-07T04:30:00Z" },
          "01:00": { start: "2027-11-07T05:00:00Z" },
          "01:30": { start: "2027-11-07T05:30:00Z" },
          "01:00-05:00": { start: "2027-11-07T06:00:00Z" },
          "01:30-05:00": { start: "2027-11-07T06:30:00Z" },
          "02:00": { start: "2027-11-07T07:00:00Z" },
          "02:30": { start: "2027-11-07T07:30:00Z" },
          "03:00": { start: "2027-11-07T08:00:00Z" },
          "03:30": { start: "2027-11-07T08:30:00Z" },
        },
      },
    ]);
    // The same instants read in Berlin repeat nothing.
    const inBerlin = await timetable("timetable", {
      userLink: host.username,
      eventTypeLink: eventType.slug,
      start: "2027-11-07",
      end: "2027-11-07",
      timezone: "Europe/Berlin",
    });
    expect(keysOn(inBerlin, "2027-11-07")).toEqual(times("05:00", "10:00"));
  });
});

describe("check_first_available", () => {
  it("finds the first date with a slot past an empty window", async () => {
    t.setNow(JUNE_FIRST);
    const { link } = await personalEventType();
    const weekend = { ...link, start: "2027-06-05", end: "2027-06-06" };
    const searched = await timetable("timetable", { ...weekend, check_first_available: true });
    expect(searched).toMatchObject({ timetable: [], firstDate: MONDAY, isNotAvailable: false });
    const notSearched = await timetable("timetable", weekend);
    expect(notSearched).toMatchObject({ timetable: [], firstDate: null, isNotAvailable: false });
    const withSlots = await timetable("timetable", {
      ...link,
      start: "2027-06-05",
      end: "2027-06-09",
      check_first_available: true,
    });
    expect(withSlots.firstDate).toBe(MONDAY);
  });

  it("searches up to 90 days past the window, then says nothing is available", async () => {
    t.setNow(JUNE_FIRST);
    const host = await signUpHost(t);
    const schedule = await t.request({
      method: "POST",
      url: "/api/schedules",
      headers: host.headers,
      payload: {
        name: "Autumn only",
        timeZone: "Europe/Berlin",
        weekly: {},
        overrides: [
          { date: "2027-08-20", intervals: [{ start: "10:00", end: "11:00" }] },
          { date: "2027-12-01", intervals: [{ start: "10:00", end: "11:00" }] },
        ],
      },
    });
    expect(schedule.statusCode, schedule.body).toBe(201);
    const eventType = await createEventType(t, host, {
      scheduleId: schedule.json().id,
      maxDaysAhead: null,
    });
    const link = { userLink: host.username, eventTypeLink: eventType.slug };
    const june = { ...link, start: "2027-06-01", end: "2027-06-30", check_first_available: true };
    expect(await timetable("timetable", june)).toMatchObject({
      timetable: [],
      firstDate: "2027-08-20",
      lastDate: null,
      isNotAvailable: false,
    });
    // From September, 2027-12-01 lies more than 90 days past the window's end.
    const august = { ...link, start: "2027-08-21", end: "2027-08-31", check_first_available: 1 };
    expect(await timetable("timetable", august)).toMatchObject({
      timetable: [],
      firstDate: null,
      isNotAvailable: true,
      maximumDaysChecked: 90,
    });
  });
});

describe("GET /api/timetable-by-link", () => {
  it("answers for an unused single-use link, 410 for a used one, 404 for an unknown one", async () => {
    t.setNow(JUNE_FIRST);
    const { eventType } = await personalEventType();
    const link = await insertSingleUseLink(db, eventType.id);
    const body = await timetable("timetable-by-link", { link, start: MONDAY, end: MONDAY });
    expect(keysOn(body, MONDAY)).toEqual(times("09:00", "17:00"));

    const used = await insertSingleUseLink(db, eventType.id, { usedAt: JUNE_FIRST });
    const usedResponse = await get("timetable-by-link", { link: used, start: MONDAY, end: MONDAY });
    expect(usedResponse.statusCode).toBe(410);
    expect(usedResponse.json()).toEqual({ message: "This single-use link has already been used." });

    const unknown = await get("timetable-by-link", { link: "nope", start: MONDAY, end: MONDAY });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: "This single-use link does not exist." });
  });
});

describe("GET /api/timetable-by-shared-link", () => {
  it("offers a round robin's times when any host is free; host_slug and host_email pin one", async () => {
    t.setNow(JUNE_FIRST);
    const [ada, bob] = [await signUpHost(t), await signUpHost(t)];
    const eventType = await teamEventType("ROUND_ROBIN", [ada, bob], ada);
    // Ada is busy in the morning, Bob in the afternoon (Berlin).
    await insertEvent(db, {
      eventTypeId: eventType.id,
      hostIds: [ada.id],
      start: "2027-06-07T07:00:00Z",
      end: "2027-06-07T10:00:00Z",
    });
    await insertEvent(db, {
      eventTypeId: eventType.id,
      hostIds: [bob.id],
      start: "2027-06-07T10:00:00Z",
      end: "2027-06-07T15:00:00Z",
    });
    const window = { sharedLink: eventType.sharedLink, start: MONDAY, end: MONDAY };

    const anyHost = await get("timetable-by-shared-link", window);
    expect(anyHost.statusCode).toBe(200);
    expect(keysOn(anyHost.json(), MONDAY)).toEqual(times("09:00", "17:00"));
    // Which host could take a slot stays private.
    expect(anyHost.body).not.toContain(ada.id);
    expect(anyHost.body).not.toContain(bob.id);

    const withAda = await timetable("timetable-by-shared-link", {
      ...window,
      host_slug: ada.username,
    });
    expect(keysOn(withAda, MONDAY)).toEqual(times("12:00", "17:00"));
    const withBob = await timetable("timetable-by-shared-link", {
      ...window,
      host_email: bob.email.toUpperCase(),
    });
    expect(keysOn(withBob, MONDAY)).toEqual(times("09:00", "12:00"));

    const stranger = await signUpHost(t);
    const notAHost = await get("timetable-by-shared-link", {
      ...window,
      host_slug: stranger.username,
    });
    expect(notAHost.statusCode).toBe(404);
    expect(notAHost.json()).toEqual({
      message: "This host does not take part in this event type.",
    });
  });

  it("offers a collective's times when every host is free; a pinned host must be one of them", async () => {
    t.setNow(JUNE_FIRST);
    const [ada, bob] = [await signUpHost(t), await signUpHost(t)];
    const eventType = await teamEventType("COLLECTIVE", [ada, bob], ada);
    await insertEvent(db, {
      eventTypeId: eventType.id,
      hostIds: [bob.id],
      start: "2027-06-07T10:00:00Z",
      end: "2027-06-07T15:00:00Z",
    });
    const window = { sharedLink: eventType.sharedLink, start: MONDAY, end: MONDAY };
    const all = await timetable("timetable-by-shared-link", window);
    expect(keysOn(all, MONDAY)).toEqual(times("09:00", "12:00"));
    const pinned = await timetable("timetable-by-shared-link", {
      ...window,
      host_slug: ada.username,
    });
    expect(pinned.timetable).toEqual(all.timetable);
    const stranger = await signUpHost(t);
    const notAHost = await get("timetable-by-shared-link", {
      ...window,
      host_email: stranger.email,
    });
    expect(notAHost.statusCode).toBe(404);
  });

  it("answers 404 for an unknown shared link", async () => {
    const response = await get("timetable-by-shared-link", {
      sharedLink: "unknown",
      start: MONDAY,
      end: MONDAY,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Event type not found." });
  });
});

describe("GET /api/timetable-by-event", () => {
  it("gives the former time and does not let the invitee's own booking block", async () => {
    t.setNow(JUNE_FIRST);
    const { host, eventType } = await personalEventType({ bufferAfter: 30 });
    const own = await insertEvent(db, {
      eventTypeId: eventType.id,
      hostIds: [host.id],
      start: "2027-06-07T08:00:00Z",
      end: "2027-06-07T08:30:00Z",
      bufferAfter: 30,
    });
    await insertEvent(db, {
      eventTypeId: eventType.id,
      hostIds: [host.id],
      start: "2027-06-07T12:00:00Z",
      end: "2027-06-07T12:30:00Z",
      bufferAfter: 30,
    });
    for (const ref of [{ attendeeUuid: own.attendeeIds[0] }, { eventUuid: own.eventId }]) {
      const body = await timetable("timetable-by-event", { ...ref, start: MONDAY, end: MONDAY });
      expect(body.formerTime).toBe("2027-06-07T08:00:00Z");
      const keys = keysOn(body, MONDAY);
      expect(keys).toEqual(expect.arrayContaining(["09:30", "10:00", "10:30"]));
      // The other booking and its buffer still block.
      expect(keys).not.toContain("14:00");
      expect(keys).not.toContain("14:30");
    }
  });

  it("frees only the attendee's own seat of a GROUP event", async () => {
    t.setNow(JUNE_FIRST);
    const { host, eventType } = await personalEventType({ kind: "GROUP", seats: 3 });
    const group = await insertEvent(db, {
      eventTypeId: eventType.id,
      hostIds: [host.id],
      start: "2027-06-07T08:00:00Z",
      end: "2027-06-07T08:30:00Z",
      attendees: 3,
    });
    const body = await timetable("timetable-by-event", {
      attendeeUuid: group.attendeeIds[0],
      start: MONDAY,
      end: MONDAY,
    });
    expect(body.timetable[0].slots["10:00"]).toEqual({
      start: "2027-06-07T08:00:00Z",
      seatsLeft: 1,
    });
  });

  it("answers 404 for an unknown, malformed or cancelled reference and 422 without one", async () => {
    t.setNow(JUNE_FIRST);
    const { host, eventType } = await personalEventType();
    const cancelled = await insertEvent(db, {
      eventTypeId: eventType.id,
      hostIds: [host.id],
      start: "2027-06-07T08:00:00Z",
      end: "2027-06-07T08:30:00Z",
      status: "CANCELLED",
    });
    const window = { start: MONDAY, end: MONDAY };
    const cases: [Params, number, string][] = [
      [{ eventUuid: cancelled.eventId }, 404, "This event has been cancelled."],
      [{ eventUuid: "00000000-0000-4000-8000-000000000000" }, 404, "Event not found."],
      [{ eventUuid: "not-a-uuid" }, 404, "Event not found."],
      [{ attendeeUuid: "00000000-0000-4000-8000-000000000000" }, 404, "Attendee not found."],
      [{}, 422, "Required"],
    ];
    for (const [ref, status, message] of cases) {
      const response = await get("timetable-by-event", { ...ref, ...window });
      expect(response.statusCode, JSON.stringify(ref)).toBe(status);
      expect(response.json().message).toBe(message);
    }
  });
});

describe("GET /api/timetable-by-host-event", () => {
  it("offers one host's own times, the event's own time excluded", async () => {
    t.setNow(JUNE_FIRST);
    const [ada, bob] = [await signUpHost(t), await signUpHost(t)];
    const eventType = await teamEventType("ROUND_ROBIN", [ada, bob], ada);
    const event = await insertEvent(db, {
      eventTypeId: eventType.id,
      hostIds: [ada.id],
      start: "2027-06-07T08:00:00Z",
      end: "2027-06-07T08:30:00Z",
    });
    await insertEvent(db, {
      eventTypeId: eventType.id,
      hostIds: [ada.id],
      start: "2027-06-07T12:00:00Z",
      end: "2027-06-07T15:00:00Z",
    });
    // Bob is free all day, which must not matter when Ada moves her part.
    const body = await timetable("timetable-by-host-event", {
      eventUuid: event.eventId,
      host_slug: ada.username,
      start: MONDAY,
      end: MONDAY,
    });
    expect(body.formerTime).toBe("2027-06-07T08:00:00Z");
    expect(keysOn(body, MONDAY)).toEqual(times("09:00", "14:00"));

    const byEmail = await timetable("timetable-by-host-event", {
      eventUuid: event.eventId,
      host_email: ada.email,
      start: MONDAY,
      end: MONDAY,
    });
    expect(byEmail.timetable).toEqual(body.timetable);

    const notTheirs = await get("timetable-by-host-event", {
      eventUuid: event.eventId,
      host_slug: bob.username,
      start: MONDAY,
      end: MONDAY,
    });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toEqual({ message: "This host does not take part in this event." });

    const noHost = await get("timetable-by-host-event", {
      eventUuid: event.eventId,
      start: MONDAY,
      end: MONDAY,
    });
    expect(noHost.statusCode).toBe(422);
    expect(noHost.json()).toEqual({ message: "Required", errors: { host_slug: ["Required"] } });
  });
});

describe("bad input", () => {
  it.each([
    ["start after end", { start: "2027-06-08", end: MONDAY }, "end"],
    ["a malformed date", { start: "2027-6-7", end: MONDAY }, "start"],
    ["a date that does not exist", { start: MONDAY, end: "2027-06-31" }, "end"],
    ["a window longer than 62 days", { start: "2027-06-01", end: "2027-08-02" }, "end"],
    ["an unknown zone", { start: MONDAY, end: MONDAY, timezone: "Mars/Olympus" }, "timezone"],
    ["a missing start", { end: MONDAY }, "start"],
    [
      "a malformed flag",
      { start: MONDAY, end: MONDAY, check_first_available: "yes" },
      "check_first_available",
    ],
    ["a malformed duration", { start: MONDAY, end: MONDAY, duration: "half" }, "duration"],
  ])("answers 422 with field errors for %s", async (_, params, field) => {
    const { link } = await personalEventType();
    const response = await get("timetable", { ...link, ...params });
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json();
    expect(body.message).toEqual(expect.any(String));
    expect(Object.keys(body.errors)).toEqual([field]);
    expect(body.errors[field]).toEqual([expect.any(String)]);
  });

  it("accepts a 62-day window", async () => {
    t.setNow(JUNE_FIRST);
    const { link } = await personalEventType();
    const response = await get("timetable", { ...link, start: "2027-06-01", end: "2027-08-01" });
    expect(response.statusCode).toBe(200);
  });

  it("answers 404 for an unknown user, an unknown event type and a turned-off one", async () => {
    const { host, link } = await personalEventType();
    const window = { start: MONDAY, end: MONDAY };
    const unknownUser = await get("timetable", { ...link, ...window, userLink: "nobody-here" });
    expect(unknownUser.statusCode).toBe(404);
    expect(unknownUser.json()).toEqual({ message: "User not found." });
    const unknownType = await get("timetable", { ...link, ...window, eventTypeLink: "nothing" });
    expect(unknownType.statusCode).toBe(404);
    expect(unknownType.json()).toEqual({ message: "Event type not found." });

    const off = await createEventType(t, host, { active: false });
    const inactive = await get("timetable", { ...link, ...window, eventTypeLink: off.slug });
    expect(inactive.statusCode).toBe(404);
    expect(inactive.json()).toEqual({ message: "This event type is not available." });
  });

  it("does not find team event types by username", async () => {
    const [ada, bob] = [await signUpHost(t), await signUpHost(t)];
    const eventType = await teamEventType("ROUND_ROBIN", [ada, bob], ada);
    const response = await get("timetable", {
      userLink: ada.username,
      eventTypeLink: eventType.slug,
      start: MONDAY,
      end: MONDAY,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe("OpenAPI", () => {
  it("documents the five timetable calls with the spec's parameter names", async () => {
    const doc = (await t.request({ method: "GET", url: "/api/openapi.json" })).json();
    const names = (path: string) =>
      doc.paths[path].get.parameters.map((p: { name: string }) => p.name);
    expect(names("/api/timetable")).toEqual(
      expect.arrayContaining([
        "userLink",
        "eventTypeLink",
        "start",
        "end",
        "check_first_available",
        "duration",
        "timezone",
        "host_email",
        "host_slug",
      ]),
    );
    expect(names("/api/timetable-by-link")).toContain("link");
    expect(names("/api/timetable-by-shared-link")).toContain("sharedLink");
    expect(names("/api/timetable-by-event")).toEqual(
      expect.arrayContaining(["eventUuid", "attendeeUuid"]),
    );
    expect(names("/api/timetable-by-host-event")).toEqual(
      expect.arrayContaining(["eventUuid", "host_email", "host_slug"]),
    );
  });
});
