import { afterAll, describe, expect, it } from "vitest";
import { BOOKING_NOW, bookingBody, bookOk, teamEventType } from "../test/bookingFactories";
import { type Host, signUpHost } from "../test/factories";
import { createCalendar, type Radicale, startRadicale } from "../test/radicale";
import { createTestApp } from "../test/testApp";
import { writeDueCalendarEvents } from "./calendarEventWriter";
import { calendarFiles } from "./testing/calendarFiles";

const t = await createTestApp();
t.setNow(BOOKING_NOW);
// Each host has a CalDAV account of their own: two servers.
const servers = [
  await startRadicale({ password: "pw-a" }),
  await startRadicale({ password: "pw-b" }),
];
afterAll(() => Promise.all(servers.map((server) => server.stop())));

const context = () => ({
  db: t.database.db,
  encryptionKey: t.deps.config.encryptionKey,
  allowPrivate: true,
  publicUrl: t.deps.config.publicUrl,
  clock: t.deps.clock,
});

/** Connects `radicale` for `host` from the API and makes its `bookings` calendar the write one. */
async function connectWriteCalendar(host: Host, radicale: Radicale, password: string) {
  const calendar = await createCalendar(radicale, "bookings");
  const connected = await t.request({
    method: "POST",
    url: "/api/calendar-connections",
    headers: host.headers,
    payload: { provider: "CALDAV", serverUrl: radicale.url, username: radicale.user, password },
  });
  expect(connected.statusCode, connected.body).toBe(201);
  const target = connected
    .json()
    .calendars.find((c: { name: string }) => c.name.endsWith("bookings"));
  const chose = await t.request({
    method: "PATCH",
    url: `/api/calendar-connections/${connected.json().id}`,
    headers: host.headers,
    payload: { writeCalendarId: target.id },
  });
  expect(chose.statusCode, chose.body).toBe(200);
  return calendar;
}

describe("a collective meeting in both hosts' CalDAV calendars (Radicale)", async () => {
  const ada = await signUpHost(t, { name: "Ada Host" });
  const bo = await signUpHost(t, { name: "Bo Host" });
  const calendars = [
    await connectWriteCalendar(ada, servers[0]!, "pw-a"),
    await connectWriteCalendar(bo, servers[1]!, "pw-b"),
  ];
  const type = await teamEventType(t, "COLLECTIVE", [ada, bo], { title: "Joint review" });
  const booked = await bookOk(
    t,
    bookingBody({ sharedLink: type.sharedLink }, { name: "Cy Invitee", email: "cy@example.com" }),
  );
  const uid = `UID:${booked.event.uuid}@slotted`;
  const filesOf = async (index: number) => [
    ...(await calendarFiles(servers[index]!, calendars[index]!)).values(),
  ];

  it("lands in each host's write calendar", async () => {
    expect(booked.event.hosts.map((h) => h.username).sort()).toEqual(
      [ada.username, bo.username].sort(),
    );
    await writeDueCalendarEvents(context());
    for (const index of [0, 1]) {
      const files = await filesOf(index);
      expect(files, `host ${index}`).toHaveLength(1);
      expect(files[0]).toContain(uid);
      expect(files[0]).toMatch(/^ATTENDEE;.*:mailto:cy@example\.com$/im);
    }
  });

  it("leaves both calendars when a host cancels it", async () => {
    const cancelled = await t.request({
      method: "PUT",
      url: `/api/event/uuid/${booked.event.uuid}/cancel`,
      headers: bo.headers,
      payload: { cancellation_reason: "Double booked" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await writeDueCalendarEvents(context());
    expect(await filesOf(0)).toEqual([]);
    expect(await filesOf(1)).toEqual([]);
  });
});
