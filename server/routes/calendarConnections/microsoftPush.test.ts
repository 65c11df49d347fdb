import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tokenHash } from "../../auth/secrets";
import { writeDueCalendarEvents } from "../../calendars/calendarEventWriter";
import { startCalendarWorker } from "../../calendars/calendarWorker";
import { SUBSCRIPTION_TTL_MS } from "../../calendars/microsoft/microsoftSubscriptions";
import { microsoftTestApp } from "../../calendars/testing/microsoftTestApp";
import { turnOnCancelOnDelete } from "../../calendars/testing/oauthTestApp";
import { calendarDeletionCanceller } from "../../commands/calendarDeletionCanceller";
import {
  calendarBusy,
  calendarConnections,
  calendarWrites,
  events,
  microsoftSubscriptions,
} from "../../db/schema";
import {
  BOOKING_NOW,
  berlinSlot,
  bookingBody,
  bookOk,
  slotsOn,
  userLink,
} from "../../test/bookingFactories";
import { createEventType, signUpHost } from "../../test/factories";

const { ms, t, setNow, connectMicrosoft, sync, writeContext, validationRequest } =
  await microsoftTestApp();
const CAL = "AAMkCal-ada";
const NOTIFICATIONS = "/api/calendar-connections/microsoft/notifications";
const DAY = 86_400_000;

const nextSyncOf = async (id: string) =>
  (
    await t.database.db
      .select({ at: calendarConnections.nextSyncAt })
      .from(calendarConnections)
      .where(eq(calendarConnections.id, id))
  )[0]!.at;

async function busySpans(connectionId: string): Promise<string> {
  const rows = await t.database.db
    .select({ during: calendarBusy.during })
    .from(calendarBusy)
    .where(eq(calendarBusy.connectionId, connectionId));
  return rows
    .map((row) => row.during)
    .sort()
    .join(" ");
}

/** The calendar worker of a server process, passed by hand. */
function worker() {
  return startCalendarWorker({
    database: t.database,
    encryptionKey: t.deps.config.encryptionKey,
    allowPrivate: true,
    publicUrl: t.deps.config.publicUrl,
    microsoft: t.deps.config.microsoft,
    cancelBooking: calendarDeletionCanceller(t.database.db, t.deps.config.publicUrl),
    clock: t.deps.clock,
    pollMs: 3_600_000,
  });
}

describe("Graph change-notification subscriptions", () => {
  it("are made on connect after the notification URL answered the validation, with only a digest of the clientState kept", async () => {
    setNow(BOOKING_NOW);
    const host = await signUpHost(t);
    const connection = await connectMicrosoft(host);
    const [subscription] = ms.subscriptions.filter((s) => !s.deleted).slice(-1);
    expect(subscription).toMatchObject({
      resource: `/me/calendars/${CAL}/events`,
      changeType: "created,updated,deleted",
      notificationUrl: `http://localhost:3000${NOTIFICATIONS}`,
    });
    expect(ms.validations.slice(-2)).toEqual([
      subscription!.notificationUrl,
      subscription!.lifecycleNotificationUrl,
    ]);
    const [row] = await t.database.db
      .select()
      .from(microsoftSubscriptions)
      .where(eq(microsoftSubscriptions.connectionId, connection.id));
    expect(row!.id).toBe(subscription!.id);
    expect(row!.clientStateHash).toBe(tokenHash(subscription!.clientState!));
    expect(row!.clientStateHash).not.toBe(subscription!.clientState);
    expect(row!.expiresAt.getTime()).toBe(BOOKING_NOW.getTime() + SUBSCRIPTION_TTL_MS);
  });

  it("answers Graph's validation request with the token as plain text", async () => {
    const answer = await validationRequest(NOTIFICATIONS, "Validation: a<b> & c");
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/plain/);
    expect(answer.body).toBe("Validation: a<b> & c");
  });

  it("are renewed within a day of lapsing, made again when Graph forgot them, deleted on disconnect", async () => {
    setNow(BOOKING_NOW);
    const host = await signUpHost(t);
    const connection = await connectMicrosoft(host);
    const [made] = await t.database.db
      .select()
      .from(microsoftSubscriptions)
      .where(eq(microsoftSubscriptions.connectionId, connection.id));
    const patches = () => ms.requests.filter((r) => r === `PATCH /v1.0/subscriptions/${made!.id}`);
    // Two days on, more than a day is left: nothing to do.
    setNow(new Date(BOOKING_NOW.getTime() + DAY));
    await sync(host, connection.id);
    expect(patches()).toHaveLength(0);
    // Less than a day left: renewed in place.
    const later = new Date(BOOKING_NOW.getTime() + SUBSCRIPTION_TTL_MS - DAY + 60_000);
    setNow(later);
    await sync(host, connection.id);
    expect(patches()).toHaveLength(1);
    const [renewed] = await t.database.db
      .select()
      .from(microsoftSubscriptions)
      .where(eq(microsoftSubscriptions.connectionId, connection.id));
    expect(renewed!.id).toBe(made!.id);
    expect(renewed!.expiresAt.getTime()).toBe(later.getTime() + SUBSCRIPTION_TTL_MS);
    expect(ms.subscriptions.find((s) => s.id === made!.id)!.expirationDateTime).toBe(
      renewed!.expiresAt.toISOString(),
    );

    const gone = await t.request({
      method: "DELETE",
      url: `/api/calendar-connections/${connection.id}`,
      headers: host.headers,
    });
    expect(gone.statusCode).toBe(204);
    expect(ms.subscriptions.find((s) => s.id === made!.id)!.deleted).toBe(true);
    setNow(BOOKING_NOW);
  });

  it("a notification with a wrong clientState is refused and changes nothing; a genuine one makes the connection due", async () => {
    setNow(BOOKING_NOW);
    const host = await signUpHost(t);
    const connection = await connectMicrosoft(host);
    const before = await nextSyncOf(connection.id);
    expect(before.getTime()).toBeGreaterThan(BOOKING_NOW.getTime());
    const [notification] = ms.notificationsFor(CAL, "updated", "AAMkEv-x").slice(-1);
    const body = notification!.body as { value: { clientState: string }[] };
    const state = body.value[0]!.clientState;
    const last = state.at(-1) === "A" ? "B" : "A";
    for (const forged of ["", "x", `${state.slice(0, -1)}${last}`, `${state}A`]) {
      const refused = await t.request({
        method: "POST",
        url: NOTIFICATIONS,
        payload: { value: [{ ...body.value[0], clientState: forged }] },
      });
      expect(refused.statusCode).toBe(403);
    }
    const unknown = await t.request({
      method: "POST",
      url: NOTIFICATIONS,
      payload: { value: [{ ...body.value[0], subscriptionId: "not-ours" }] },
    });
    expect(unknown.statusCode).toBe(403);
    expect(await nextSyncOf(connection.id)).toEqual(before);
    const malformed = await t.request({
      method: "POST",
      url: NOTIFICATIONS,
      payload: { value: "nope" },
    });
    expect(malformed.statusCode, malformed.body).toBe(422);

    const delivered = await t.request({ method: "POST", url: NOTIFICATIONS, payload: body });
    expect(delivered.statusCode).toBe(202);
    expect(await nextSyncOf(connection.id)).toEqual(BOOKING_NOW);
  });
});

describe("delta reads and push", () => {
  it("a pushed change is read with the deltaLink and the timetable stops offering its time", async () => {
    setNow(BOOKING_NOW);
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const connection = await connectMicrosoft(host);
    expect(await slotsOn(t, host, type, "2027-01-05")).toContain("10:00");

    ms.putEvent({
      id: "pushed-1",
      calendarId: CAL,
      start: { dateTime: "2027-01-05T09:00:00", timeZone: "UTC" },
      end: { dateTime: "2027-01-05T10:00:00", timeZone: "UTC" },
    });
    const since = ms.deltaReads.length;
    // Every host of this file shares the double's calendar: each subscription is told.
    expect(new Set(await ms.notify(CAL, "created", "pushed-1"))).toEqual(new Set([202]));
    const pass = worker();
    try {
      await pass.pass();
    } finally {
      await pass.stop();
    }
    expect(await busySpans(connection.id)).toMatch(/2027-01-05 09:00:00\+00/);
    expect(await slotsOn(t, host, type, "2027-01-05")).not.toContain("10:00");
    // Each connection the pass read followed its deltaLink: only the changes, no full read.
    expect(new Set(ms.deltaReads.slice(since))).toEqual(new Set(["changes"]));

    // Deleted in Outlook: the delta says @removed, the time is offered again.
    ms.removeEvent("pushed-1");
    await sync(host, connection.id);
    expect(await busySpans(connection.id)).not.toMatch(/2027-01-05 09:00/);
    expect(await slotsOn(t, host, type, "2027-01-05")).toContain("10:00");
  });

  it("a lapsed deltaLink (410 syncStateNotFound) is followed by a full read", async () => {
    setNow(BOOKING_NOW);
    const host = await signUpHost(t);
    const connection = await connectMicrosoft(host);
    ms.putEvent({
      id: "after-410",
      calendarId: CAL,
      start: { dateTime: "2027-01-20T12:00:00", timeZone: "UTC" },
      end: { dateTime: "2027-01-20T13:00:00", timeZone: "UTC" },
    });
    ms.expireDeltaLinks();
    const since = ms.deltaReads.length;
    const synced = await sync(host, connection.id);
    expect(synced.json().status).toBe("OK");
    expect(ms.deltaReads.slice(since)).toEqual(["changes", "full"]);
    expect(await busySpans(connection.id)).toMatch(/2027-01-20 12:00:00\+00/);
    // And the link the full read gave is followed next time.
    await sync(host, connection.id);
    expect(ms.deltaReads.at(-1)).toBe("changes");
    ms.removeEvent("after-410");
  });
});

describe("two-way: a booked meeting's event deleted or moved in Outlook", () => {
  async function bookedAndWritten(cancelOnDelete: boolean, time: string) {
    setNow(BOOKING_NOW);
    const host = await signUpHost(t, { name: "Ada Host" });
    const connection = await connectMicrosoft(host);
    if (cancelOnDelete) {
      await turnOnCancelOnDelete(t, host, connection.id);
    }
    const type = await createEventType(t, host);
    const booked = await bookOk(
      t,
      bookingBody(userLink(host, type), { start: berlinSlot(2, time) }),
    );
    await writeDueCalendarEvents(writeContext());
    const [written] = await t.database.db
      .select()
      .from(calendarWrites)
      .where(eq(calendarWrites.eventId, booked.event.uuid));
    const graphId = decodeURIComponent(written!.href.split("/").at(-1)!);
    // The read after the write sees the event as written: nothing to tell.
    expect((await sync(host, connection.id)).json().status).toBe("OK");
    return { host, connection, eventId: booked.event.uuid as string, graphId };
  }

  const stateOf = async (eventId: string) => {
    const [write] = await t.database.db
      .select({ change: calendarWrites.externalChange })
      .from(calendarWrites)
      .where(eq(calendarWrites.eventId, eventId));
    const [event] = await t.database.db
      .select({ status: events.status })
      .from(events)
      .where(eq(events.id, eventId));
    return { change: write?.change ?? null, status: event!.status };
  };

  it("a deletion is noticed from the push and marked, the booking kept (setting off)", async () => {
    const { connection, eventId, graphId } = await bookedAndWritten(false, "10:00");
    expect(await stateOf(eventId)).toEqual({ change: null, status: "CONFIRMED" });
    ms.removeEvent(graphId);
    expect(new Set(await ms.notify(CAL, "deleted", graphId))).toEqual(new Set([202]));
    const pass = worker();
    try {
      await pass.pass();
    } finally {
      await pass.stop();
    }
    expect(await stateOf(eventId)).toEqual({ change: "DELETED", status: "CONFIRMED" });
    expect(connection.id).toBeDefined();
  });

  it("a move is marked MOVED, and moving it back clears the mark", async () => {
    const { host, connection, eventId, graphId } = await bookedAndWritten(false, "11:00");
    const event = ms.events.get(graphId)!;
    const original = { start: event.start, end: event.end };
    ms.putEvent({
      ...event,
      start: { dateTime: "2027-01-06T15:00:00", timeZone: "UTC" },
      end: { dateTime: "2027-01-06T15:30:00", timeZone: "UTC" },
    });
    await sync(host, connection.id);
    expect(await stateOf(eventId)).toEqual({ change: "MOVED", status: "CONFIRMED" });
    ms.putEvent({ ...ms.events.get(graphId)!, ...original });
    await sync(host, connection.id);
    expect(await stateOf(eventId)).toEqual({ change: null, status: "CONFIRMED" });
  });

  it("with 'cancel bookings I delete from my calendar' on, the deleted booking is cancelled as by the host", async () => {
    const { host, connection, eventId, graphId } = await bookedAndWritten(true, "12:00");
    ms.removeEvent(graphId);
    await sync(host, connection.id);
    expect(await stateOf(eventId)).toEqual({ change: "DELETED", status: "CANCELLED" });
  });

  it("nothing is cancelled while Graph answers 5xx; the deletion is acted on once Graph is back", async () => {
    const { host, connection, eventId, graphId } = await bookedAndWritten(true, "13:00");
    ms.removeEvent(graphId);
    // Every try of the read (the first and its three retries) answers 503.
    ms.failNext(4, 503);
    const failed = await sync(host, connection.id);
    expect(failed.json()).toMatchObject({ status: "FAILING", lastError: "UNREACHABLE" });
    expect(await stateOf(eventId)).toEqual({ change: null, status: "CONFIRMED" });
    expect((await sync(host, connection.id)).json().status).toBe("OK");
    expect(await stateOf(eventId)).toEqual({ change: "DELETED", status: "CANCELLED" });
  });
});
