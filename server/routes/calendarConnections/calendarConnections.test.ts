import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { icsFile, putEvent } from "../../calendars/testing/calendarFiles";
import { startFeedServer } from "../../calendars/testing/feedServer";
import { calendarBusy, calendarConnections, outbox } from "../../db/schema";
import {
  BOOKING_NOW,
  berlinSlot,
  book,
  bookingBody,
  bookOk,
  slotsOn,
  userLink,
} from "../../test/bookingFactories";
import { createEventType, type Host, signUpHost } from "../../test/factories";
import { createCalendar, startRadicale } from "../../test/radicale";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();
t.setNow(BOOKING_NOW);
const PASSWORD = "app-password-1";
const radicale = await startRadicale({ password: PASSWORD });
afterAll(() => radicale.stop());

const MONDAY = "2027-01-04";

function connect(host: Host, payload: Record<string, unknown>) {
  return t.request({
    method: "POST",
    url: "/api/calendar-connections",
    headers: host.headers,
    payload,
  });
}

function call(
  host: Host,
  method: "GET" | "PATCH" | "DELETE" | "POST",
  path: string,
  payload?: object,
) {
  return t.request({
    method,
    url: `/api/calendar-connections${path}`,
    headers: host.headers,
    ...(payload ? { payload } : {}),
  });
}

async function mailsTo(email: string) {
  const rows = await t.database.db.select().from(outbox).where(eq(outbox.kind, "mail"));
  return rows.filter(
    (row) =>
      (row.payload as { to: { email: string }; template: string }).to.email === email &&
      (row.payload as { template: string }).template === "calendarFailing",
  );
}

describe("CalDAV connections against a real server (Radicale)", async () => {
  const host = await signUpHost(t);
  const type = await createEventType(t, host, { duration: 30 });
  const work = await createCalendar(radicale, "work");
  const personal = await createCalendar(radicale, "personal");
  const caldav = { provider: "CALDAV", serverUrl: radicale.url, username: radicale.user };

  it("refuses a wrong password on the password field and stores nothing", async () => {
    const response = await connect(host, { ...caldav, password: "wrong" });
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(["password"]);
    const rows = await t.database.db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.userId, host.id));
    expect(rows).toEqual([]);
  });

  let connectionId = "";
  let calendars: { id: string; name: string; busy: boolean; writeTarget: boolean }[] = [];

  it("discovers the account's calendars and never answers the password", async () => {
    const response = await connect(host, { ...caldav, password: PASSWORD });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.body).not.toContain(PASSWORD);
    const body = response.json();
    connectionId = body.id;
    calendars = body.calendars;
    // Radicale names a calendar without a display name by its path.
    expect(calendars.map((c) => c.name.split("/").pop()).sort()).toEqual(["personal", "work"]);
    expect(calendars.every((c) => c.busy)).toBe(true);
    expect(calendars.filter((c) => c.writeTarget)).toHaveLength(1);
    expect(body.status).toBe("OK");
    expect(body.busyBlocks).toBe(0);
    const [stored] = await t.database.db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.id, connectionId));
    expect(stored!.secret).not.toContain(PASSWORD);
  });

  it("takes single, all-day and recurring events as busy, with exceptions, overrides and free ones", async () => {
    await putEvent(
      radicale,
      work,
      "single",
      icsFile([
        "UID:single-1",
        "DTSTART;TZID=Europe/Berlin:20270104T100000",
        "DTEND;TZID=Europe/Berlin:20270104T110000",
        "SUMMARY:Dentist",
      ]),
    );
    await putEvent(
      radicale,
      personal,
      "allday",
      icsFile(["UID:allday-1", "DTSTART;VALUE=DATE:20270105", "DTEND;VALUE=DATE:20270106"]),
    );
    await putEvent(
      radicale,
      work,
      "series",
      icsFile(
        [
          "UID:series-1",
          "DTSTART;TZID=Europe/Berlin:20270104T120000",
          "DTEND;TZID=Europe/Berlin:20270104T123000",
          "RRULE:FREQ=DAILY;COUNT=5",
          "EXDATE;TZID=Europe/Berlin:20270106T120000",
        ],
        [
          "UID:series-1",
          "RECURRENCE-ID;TZID=Europe/Berlin:20270107T120000",
          "DTSTART;TZID=Europe/Berlin:20270107T150000",
          "DTEND;TZID=Europe/Berlin:20270107T153000",
        ],
      ),
    );
    await putEvent(
      radicale,
      work,
      "free",
      icsFile([
        "UID:free-1",
        "DTSTART;TZID=Europe/Berlin:20270104T140000",
        "DTEND;TZID=Europe/Berlin:20270104T150000",
        "TRANSP:TRANSPARENT",
      ]),
    );
    const synced = await call(host, "POST", `/${connectionId}/sync`);
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().status).toBe("OK");

    const monday = await slotsOn(t, host, type, MONDAY);
    expect(monday).not.toContain("10:00");
    expect(monday).not.toContain("10:30");
    expect(monday).not.toContain("12:00");
    expect(monday).toContain("11:00");
    expect(monday).toContain("14:00");
    expect(await slotsOn(t, host, type, "2027-01-05")).toEqual([]);
    expect(await slotsOn(t, host, type, "2027-01-06")).toContain("12:00");
    const thursday = await slotsOn(t, host, type, "2027-01-07");
    expect(thursday).toContain("12:00");
    expect(thursday).not.toContain("15:00");
    expect(await slotsOn(t, host, type, "2027-01-08")).not.toContain("12:00");
  });

  it("refuses a booking at a time the host's calendar is busy", async () => {
    const response = await book(
      t,
      bookingBody(userLink(host, type), { start: berlinSlot(0, "10:00") }),
    );
    expect(response.statusCode, response.body).toBe(409);
  });

  it("does not count twice an event Slotted wrote for this host", async () => {
    const booked = await bookOk(
      t,
      bookingBody(userLink(host, type), { start: berlinSlot(0, "13:00") }),
    );
    await putEvent(
      radicale,
      work,
      "slotted",
      icsFile([
        `UID:${booked.event.uuid}@slotted`,
        "DTSTART:20270104T120000Z",
        "DTEND:20270104T123000Z",
      ]),
    );
    const synced = await call(host, "POST", `/${connectionId}/sync`);
    const rows = await t.database.db
      .select({ uid: calendarBusy.uid })
      .from(calendarBusy)
      .where(eq(calendarBusy.connectionId, connectionId));
    expect(rows.map((r) => r.uid)).not.toContain(`${booked.event.uuid}@slotted`);
    expect(synced.json().busyBlocks).toBe(rows.length);
  });

  it("stops counting a calendar the host unticks", async () => {
    const personalId = calendars.find((c) => c.name.endsWith("personal"))!.id;
    const response = await call(host, "PATCH", `/${connectionId}`, {
      calendars: [{ id: personalId, busy: false }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await slotsOn(t, host, type, "2027-01-05")).toContain("09:00");
  });

  it("keeps a connection hidden from and unusable by another host", async () => {
    const other = await signUpHost(t);
    expect((await call(other, "GET", "")).json().connections).toEqual([]);
    for (const [method, path] of [
      ["GET", `/${connectionId}`],
      ["PATCH", `/${connectionId}`],
      ["POST", `/${connectionId}/sync`],
      ["DELETE", `/${connectionId}`],
    ] as const) {
      const response = await call(
        other,
        method,
        path,
        method === "PATCH" ? { name: "mine" } : undefined,
      );
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await call(host, "GET", `/${connectionId}`)).json().name).not.toBe("mine");
  });

  it("says a changed password plainly, keeps the last busy time and mails the host once", async () => {
    const before = (await call(host, "GET", `/${connectionId}`)).json().busyBlocks;
    radicale.setPassword("changed-password");
    try {
      const first = (await call(host, "POST", `/${connectionId}/sync`)).json();
      expect(first.status).toBe("FAILING");
      expect(first.lastError).toBe("AUTH_FAILED");
      expect(first.busyBlocks).toBe(before);
      const second = (await call(host, "POST", `/${connectionId}/sync`)).json();
      expect(second.failingSince).toBe(first.failingSince);
      expect(await mailsTo(host.email)).toHaveLength(1);
    } finally {
      radicale.setPassword(PASSWORD);
    }
    const healed = (await call(host, "POST", `/${connectionId}/sync`)).json();
    expect(healed.status).toBe("OK");
    expect(healed.failingSince).toBeNull();
  });

  it("treats the horizon as busy after an hour of failure when the host chose so", async () => {
    await call(host, "PATCH", `/${connectionId}`, { onFailure: "BLOCK" });
    radicale.setPassword("changed-again");
    try {
      await call(host, "POST", `/${connectionId}/sync`);
      expect(await slotsOn(t, host, type, "2027-01-06")).not.toEqual([]);
      t.setNow(new Date(BOOKING_NOW.getTime() + 61 * 60_000));
      expect(await slotsOn(t, host, type, "2027-01-06")).toEqual([]);
      await call(host, "PATCH", `/${connectionId}`, { onFailure: "KEEP_OFFERING" });
      expect(await slotsOn(t, host, type, "2027-01-06")).not.toEqual([]);
    } finally {
      t.setNow(BOOKING_NOW);
      radicale.setPassword(PASSWORD);
    }
  });

  it("says when a chosen calendar was deleted", async () => {
    await fetch(work, { method: "DELETE", headers: { authorization: radicale.authorization } });
    const body = (await call(host, "POST", `/${connectionId}/sync`)).json();
    expect(body.lastError).toBe("CALENDAR_GONE");
  });

  it("says when the server cannot be reached, and a deleted connection frees its time", async () => {
    const stopped = await startRadicale();
    const calendar = await createCalendar(stopped, "soon-gone");
    await putEvent(
      stopped,
      calendar,
      "e",
      icsFile(["UID:e", "DTSTART:20270108T090000Z", "DTEND:20270108T100000Z"]),
    );
    const created = await connect(host, {
      provider: "CALDAV",
      serverUrl: stopped.url,
      username: stopped.user,
      password: "any",
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().busyBlocks).toBe(1);
    await stopped.stop();
    const body = (await call(host, "POST", `/${created.json().id}/sync`)).json();
    expect(body.lastError).toBe("UNREACHABLE");
    expect(body.busyBlocks).toBe(1);
    expect((await call(host, "DELETE", `/${created.json().id}`)).statusCode).toBe(204);
    const rows = await t.database.db
      .select()
      .from(calendarBusy)
      .where(eq(calendarBusy.connectionId, created.json().id));
    expect(rows).toEqual([]);
  });
});

describe("ICS feed subscriptions", async () => {
  const feeds = await startFeedServer();
  afterAll(() => feeds.stop());
  const host = await signUpHost(t);
  const type = await createEventType(t, host, { duration: 30 });
  feeds.serve(
    "/private/s3cret-token/basic.ics",
    icsFile([
      "UID:feed-1",
      "DTSTART;TZID=Europe/Berlin:20270106T090000",
      "DTEND;TZID=Europe/Berlin:20270106T100000",
    ]),
  );
  feeds.serve("/not-a-calendar", "<html>Sign in</html>");

  it("subscribes to a feed, blocks its events and never answers its secret path", async () => {
    const response = await connect(host, {
      provider: "ICS",
      url: `${feeds.url}/private/s3cret-token/basic.ics`,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.body).not.toContain("s3cret-token");
    expect(response.json()).toMatchObject({ provider: "ICS", status: "OK", busyBlocks: 1 });
    expect(response.json().calendars).toMatchObject([{ readOnly: true, writeTarget: false }]);
    const wednesday = await slotsOn(t, host, type, "2027-01-06");
    expect(wednesday).not.toContain("09:00");
    expect(wednesday).toContain("10:00");
  });

  it("refuses a feed that is not a calendar on the url field", async () => {
    const response = await connect(host, { provider: "ICS", url: `${feeds.url}/not-a-calendar` });
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(["url"]);
  });

  it("refuses a read-only feed as the calendar bookings are written into", async () => {
    const [connection] = (await call(host, "GET", "")).json().connections;
    const response = await call(host, "PATCH", `/${connection.id}`, {
      writeCalendarId: connection.calendars[0].id,
    });
    expect(response.statusCode, response.body).toBe(422);
  });
});
