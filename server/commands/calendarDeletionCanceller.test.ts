import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { writeDueCalendarEvents } from "../calendars/calendarEventWriter";
import { googleEventId } from "../calendars/google/googleSource";
import { googleTestApp } from "../calendars/testing/googleTestApp";
import { turnOnCancelOnDelete } from "../calendars/testing/oauthTestApp";
import { bookingChanges, connectedCalendars, events, outbox } from "../db/schema";
import {
  berlinSlot,
  bookingBody,
  bookingMailsTo,
  bookOk,
  userLink,
} from "../test/bookingFactories";
import { createEventType, signUpHost } from "../test/factories";

const { google, t, connectGoogle, sync, writeContext } = await googleTestApp();

describe("two-way: bookings deleted or moved in the host's Google Calendar", async () => {
  const host = await signUpHost(t, { name: "Ada Host" });
  const connection = await connectGoogle(host);
  const type = await createEventType(t, host, {
    locations: [{ type: "ONLINE", options: { url: "https://meet.example.com/ada" } }],
  });
  const book = (day: number, email: string) =>
    bookOk(t, bookingBody(userLink(host, type), { start: berlinSlot(day, "09:00"), email }));
  const deleted = await book(1, "del@example.com");
  const moved = await book(2, "mov@example.com");
  const later = await book(3, "later@example.com");
  const key = (booked: { event: { uuid: string } }) =>
    `ada@example.com/${googleEventId(booked.event.uuid)}`;

  const list = async () => {
    const answer = await t.request({ method: "GET", url: "/api/bookings", headers: host.headers });
    expect(answer.statusCode, answer.body).toBe(200);
    return new Map<string, { status: string; calendarChange: string | null }>(
      answer.json().bookings.map((b: { uuid: string }) => [b.uuid, b]),
    );
  };
  const statusOf = async (id: string) =>
    (await t.database.db.select().from(events).where(eq(events.id, id)))[0]!.status;
  const syncOk = async () => {
    const answer = await sync(host, connection.id);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };

  it("reads the calendar in full once, then incrementally with its syncToken", async () => {
    // 429 with Retry-After on the way: retried, nothing lost.
    google.failNext(1, 429);
    await writeDueCalendarEvents(writeContext());
    expect(google.events.get(key(deleted))?.status).toBe("confirmed");
    expect((await syncOk()).status).toBe("OK");
    const [calendar] = await t.database.db
      .select()
      .from(connectedCalendars)
      .where(eq(connectedCalendars.connectionId, connection.id));
    expect(calendar!.syncToken).toMatch(/^st\d+$/);
    const marks = await list();
    expect([...marks.values()].map((b) => b.calendarChange)).toEqual([null, null, null]);
  });

  it("marks a booking deleted or moved there, and cancels nothing while the setting is off", async () => {
    google.changeEvent(key(deleted), { status: "cancelled" });
    google.changeEvent(key(moved), {
      start: { dateTime: berlinSlot(2, "15:00") },
      end: { dateTime: berlinSlot(2, "15:30") },
    });
    await syncOk();
    const marks = await list();
    expect(marks.get(deleted.event.uuid)).toMatchObject({
      status: "CONFIRMED",
      calendarChange: "DELETED",
    });
    expect(marks.get(moved.event.uuid)).toMatchObject({ calendarChange: "MOVED" });
    expect(marks.get(later.event.uuid)).toMatchObject({ calendarChange: null });
    expect(await statusOf(deleted.event.uuid)).toBe("CONFIRMED");
  });

  it("cancels nothing while Google is unreachable, then cancels as the host once it answers", async () => {
    const on = await turnOnCancelOnDelete(t, host, connection.id);
    expect(on.json().cancelOnDelete).toBe(true);
    google.changeEvent(key(later), { status: "cancelled" });
    google.failNext(20, 503);
    expect((await syncOk()).status).toBe("FAILING");
    expect(await statusOf(later.event.uuid)).toBe("CONFIRMED");
    expect((await list()).get(later.event.uuid)?.calendarChange).toBeNull();
    // Google answers again: the deletion is read (nothing was lost) and acted on once.
    // The 503s left over are used up by failing syncs (each tries 4 times).
    let syncs = 0;
    while ((await syncOk()).status !== "OK") expect(++syncs).toBeLessThan(10);
    expect(await statusOf(later.event.uuid)).toBe("CANCELLED");
    const changes = await t.database.db
      .select()
      .from(bookingChanges)
      .where(eq(bookingChanges.eventId, later.event.uuid));
    expect(changes.filter((c) => c.kind === "cancelled")).toHaveLength(1);
    expect(changes.find((c) => c.kind === "cancelled")?.actor).toBe(host.id);
    const mails = await bookingMailsTo(t, "later@example.com");
    expect(mails.at(-1)!.template).toBe("bookingCancelled");
    // A booking marked deleted before the setting was on stays as it is: nothing silent.
    expect(await statusOf(deleted.event.uuid)).toBe("CONFIRMED");
    // Read again: handled once.
    await syncOk();
    const again = await t.database.db
      .select()
      .from(bookingChanges)
      .where(eq(bookingChanges.eventId, later.event.uuid));
    expect(again.filter((c) => c.kind === "cancelled")).toHaveLength(1);
    await writeDueCalendarEvents(writeContext());
    const pending = await t.database.db.select().from(outbox).where(eq(outbox.kind, "calendar"));
    expect(pending.filter((row) => row.status !== "sent")).toEqual([]);
  });

  it("starts over in full when Google lets the syncToken lapse (410), and clears a move undone", async () => {
    google.expireSyncTokens();
    google.changeEvent(key(moved), {
      start: { dateTime: berlinSlot(2, "09:00") },
      end: { dateTime: berlinSlot(2, "09:30") },
    });
    await syncOk();
    expect((await list()).get(moved.event.uuid)?.calendarChange).toBeNull();
  });
});
