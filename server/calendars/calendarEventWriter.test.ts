import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { outbox } from "../db/schema";
import {
  BOOKING_NOW,
  berlinSlot,
  bookingBody,
  bookingMailsTo,
  bookOk,
  userLink,
} from "../test/bookingFactories";
import { createEventType, signUpHost } from "../test/factories";
import { createCalendar, startRadicale } from "../test/radicale";
import { createTestApp } from "../test/testApp";
import { writeDueCalendarEvents } from "./calendarEventWriter";
import { calendarFiles } from "./testing/calendarFiles";

const t = await createTestApp();
t.setNow(BOOKING_NOW);
const radicale = await startRadicale({ password: "pw" });
afterAll(() => radicale.stop());

const context = () => ({
  db: t.database.db,
  encryptionKey: t.deps.config.encryptionKey,
  allowPrivate: true,
  publicUrl: t.deps.config.publicUrl,
  clock: t.deps.clock,
});

describe("bookings in the host's CalDAV calendar (Radicale)", async () => {
  const host = await signUpHost(t, { name: "Ada Host" });
  const type = await createEventType(t, host, {
    title: "Garden consult",
    locations: [{ type: "ONLINE", options: { url: "https://meet.example.com/ada" } }],
  });
  await createCalendar(radicale, "other");
  const bookings = await createCalendar(radicale, "bookings");
  const connected = await t.request({
    method: "POST",
    url: "/api/calendar-connections",
    headers: host.headers,
    payload: {
      provider: "CALDAV",
      serverUrl: radicale.url,
      username: radicale.user,
      password: "pw",
    },
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

  const body = bookingBody(userLink(host, type), {
    name: "Grace Invitee",
    email: "grace@example.com",
  });
  const booked = await bookOk(t, body);
  const uid = `${booked.event.uuid}@slotted`;

  it("writes a booking with its attendee, location and manage link", async () => {
    expect(await writeDueCalendarEvents(context())).toBeGreaterThan(0);
    const files = [...(await calendarFiles(radicale, bookings)).values()];
    expect(files).toHaveLength(1);
    const [file] = files;
    expect(file).toContain(`UID:${uid}`);
    expect(file).toMatch(/^ATTENDEE;.*:mailto:grace@example\.com$/im);
    expect(file).toContain("SCHEDULE-AGENT=CLIENT");
    expect(file).toContain("LOCATION:https://meet.example.com/ada");
    expect(file).toContain("/dashboard/bookings");
    expect(file).not.toMatch(/^METHOD:/m);
    expect(file).toContain(`DTSTART:${berlinSlot(0, "09:00").replace(/[-:]|\.000/g, "")}`);
  });

  it("moves the event on reschedule, even after it was edited in the calendar (412)", async () => {
    const [href, text] = [...(await calendarFiles(radicale, bookings)).entries()][0]!;
    // The host edits the entry in their calendar app: its ETag changes.
    const edited = await fetch(new URL(href, bookings), {
      method: "PUT",
      headers: { authorization: radicale.authorization, "content-type": "text/calendar" },
      body: text
        .replace(/^SUMMARY:.*$/m, "SUMMARY:Edited by the host")
        .replace(/\n/g, "\r\n")
        .replace(/\r\r/g, "\r"),
    });
    expect(edited.status).toBeLessThan(300);
    const [mail] = await bookingMailsTo(t, "grace@example.com");
    const token = new URL(mail!.data.rescheduleUrl!).searchParams.get("token")!;
    const moved = await t.request({
      method: "POST",
      url: "/api/event/reschedule",
      payload: {
        attendeeUuid: booked.attendee.uuid,
        token,
        start: berlinSlot(1, "10:00"),
        timezone: "Europe/Berlin",
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await writeDueCalendarEvents(context());
    const files = [...(await calendarFiles(radicale, bookings)).values()];
    expect(files).toHaveLength(1);
    expect(files[0]).toContain(`DTSTART:${berlinSlot(1, "10:00").replace(/[-:]|\.000/g, "")}`);
    const pending = await t.database.db.select().from(outbox).where(eq(outbox.kind, "calendar"));
    expect(pending.filter((row) => row.status !== "sent")).toEqual([]);
  });

  it("deletes the event when the booking is cancelled", async () => {
    const [mail] = await bookingMailsTo(t, "grace@example.com");
    const token = mail!.data.cancelUrl!.split("/").at(-1)!;
    const cancelled = await t.request({
      method: "PUT",
      url: `/api/event/uuid/${booked.attendee.uuid}/cancel`,
      payload: { token },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await writeDueCalendarEvents(context());
    expect((await calendarFiles(radicale, bookings)).size).toBe(0);
  });

  it("writes no calendar job for a host without a write calendar", async () => {
    const plain = await signUpHost(t);
    const plainType = await createEventType(t, plain);
    const answer = await bookOk(t, bookingBody(userLink(plain, plainType)));
    const rows = await t.database.db.select().from(outbox).where(eq(outbox.kind, "calendar"));
    expect(rows.filter((row) => row.payload.eventId === answer.event.uuid)).toEqual([]);
    expect(rows.filter((row) => row.payload.eventId === booked.event.uuid).length).toBeGreaterThan(
      0,
    );
  });
});
