import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { writeDueCalendarEvents } from "../../calendars/calendarEventWriter";
import { startCalendarWorker } from "../../calendars/calendarWorker";
import { googleEventId } from "../../calendars/google/googleSource";
import { googleTestApp } from "../../calendars/testing/googleTestApp";
import { authorizeUrl, callbackOutcome } from "../../calendars/testing/oauthTestApp";
import {
  calendarBusy,
  calendarConnections,
  calendarWrites,
  connectedCalendars,
  outbox,
} from "../../db/schema";
import {
  BOOKING_NOW,
  berlinSlot,
  bookingBody,
  bookingMailsTo,
  bookOk,
  outboxMails,
  userLink,
} from "../../test/bookingFactories";
import { createEventType, type Host, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const { google, t, setNow, now, connectGoogle, sync, writeContext } = await googleTestApp([
  {
    id: "ada@example.com",
    summary: "Ada",
    timeZone: "Europe/Berlin",
    accessRole: "owner",
    primary: true,
  },
  { id: "holidays@group", summary: "Holidays", timeZone: "Europe/Berlin", accessRole: "reader" },
]);
const HOUR = 3_600_000;
const authorize = (host: Host) => authorizeUrl(t, host, "google");
const callback = (host: Host, callbackUrl: string) => callbackOutcome(t, host, callbackUrl);

describe("connecting a Google account by OAuth (code flow, PKCE, state bound to the session)", () => {
  it("asks Google for offline access with the narrow scopes and a S256 challenge", async () => {
    const host = await signUpHost(t);
    const url = new URL(await authorize(host));
    expect(url.origin).toBe(google.url);
    expect(url.searchParams.get("access_type")).toBe("offline");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("redirect_uri")).toBe(
      "http://localhost:3000/api/calendar-connections/google/callback",
    );
    expect(url.searchParams.get("scope")?.split(" ").sort()).toEqual([
      "https://www.googleapis.com/auth/calendar.calendarlist.readonly",
      "https://www.googleapis.com/auth/calendar.events.owned",
      "https://www.googleapis.com/auth/calendar.freebusy",
    ]);
  });

  it("connects: calendars listed, the owned one busy and written into, tokens sealed", async () => {
    const host = await signUpHost(t);
    const connection = await connectGoogle(host);
    expect(connection).toMatchObject({
      provider: "GOOGLE",
      status: "OK",
      username: "ada@example.com",
    });
    expect(connection.calendars).toEqual([
      expect.objectContaining({ name: "Ada", busy: true, writeTarget: true, readOnly: false }),
      expect.objectContaining({
        name: "Holidays",
        busy: false,
        writeTarget: false,
        readOnly: true,
      }),
    ]);
    const [row] = await t.database.db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.id, connection.id));
    expect(row!.secret).toMatch(/^v1\./);
    expect(row!.secret).not.toContain("1//");
    expect(row!.secret).not.toContain("ya29.");
  });

  it("refuses a state from another session, a reused state, and says when consent was denied", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    const consented = google.consent(await authorize(host));
    expect(await callback(other, consented)).toBe("EXPIRED");
    const forged = new URL(consented);
    forged.searchParams.set("state", "not-the-state");
    expect(await callback(host, forged.toString())).toBe("EXPIRED");
    expect(await callback(host, consented)).toBe("connected");
    expect(await callback(host, consented)).toBe("EXPIRED");
    expect(await callback(host, google.consent(await authorize(host), false))).toBe("DENIED");
  });

  it("lapses an unused state after 15 minutes", async () => {
    const host = await signUpHost(t);
    const consented = google.consent(await authorize(host));
    setNow(new Date(BOOKING_NOW.getTime() + 16 * 60_000));
    try {
      expect(await callback(host, consented)).toBe("EXPIRED");
    } finally {
      setNow(BOOKING_NOW);
    }
  });

  it("says so and offers no button when Google is not set up", async () => {
    const bare = await createTestApp();
    const host = await signUpHost(bare);
    const list = await bare.request({
      method: "GET",
      url: "/api/calendar-connections",
      headers: host.headers,
    });
    expect(list.json().oauthProviders).toEqual([]);
    const started = await bare.request({
      method: "POST",
      url: "/api/calendar-connections/google/authorize",
      headers: host.headers,
    });
    expect(started.statusCode).toBe(404);
  });
});

describe("tokens: refreshed before they lapse, a revoked consent asks for reconnection", () => {
  it("refreshes the access token when it nears expiry and keeps reading", async () => {
    const host = await signUpHost(t);
    const connection = await connectGoogle(host);
    const before = google.refreshes;
    setNow(new Date(BOOKING_NOW.getTime() + 2 * HOUR));
    try {
      const synced = await sync(host, connection.id);
      expect(synced.json()).toMatchObject({ status: "OK", lastError: null });
      expect(google.refreshes).toBe(before + 1);
      // The refreshed token was stored: the next read does not refresh again.
      await sync(host, connection.id);
      expect(google.refreshes).toBe(before + 1);
    } finally {
      setNow(BOOKING_NOW);
    }
  });

  it("marks the connection RECONNECT_NEEDED on invalid_grant, mails the host once, reconnects in place", async () => {
    const host = await signUpHost(t);
    const connection = await connectGoogle(host);
    google.revokeLatest();
    setNow(new Date(BOOKING_NOW.getTime() + 2 * HOUR));
    try {
      const failed = await sync(host, connection.id);
      expect(failed.json()).toMatchObject({ status: "FAILING", lastError: "RECONNECT_NEEDED" });
      await sync(host, connection.id);
      const mails = (await outboxMails(t)).filter(
        (mail) => mail.template === "calendarFailing" && mail.to.email === host.email,
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]!.data).toMatchObject({ reason: "RECONNECT_NEEDED" });

      const again = await connectGoogle(host);
      expect(again.id).toBe(connection.id);
      expect(again).toMatchObject({ status: "OK", lastError: null });
    } finally {
      setNow(BOOKING_NOW);
    }
  });
});

describe("busy time from freeBusy.query", () => {
  it("blocks timed and all-day events (across the spring DST change), not free ones", async () => {
    const host = await signUpHost(t);
    const connection = await connectGoogle(host);
    const calendarId = "ada@example.com";
    google.putEvent({
      id: "timed1",
      calendarId,
      start: { dateTime: "2027-01-05T10:00:00+01:00" },
      end: { dateTime: "2027-01-05T11:30:00+01:00" },
    });
    google.putEvent({
      id: "free1",
      calendarId,
      transparency: "transparent",
      start: { dateTime: "2027-01-06T10:00:00+01:00" },
      end: { dateTime: "2027-01-06T11:00:00+01:00" },
    });
    // Berlin springs forward on 28 March 2027: that day has 23 hours.
    google.putEvent({
      id: "allday1",
      calendarId,
      start: { date: "2027-03-28" },
      end: { date: "2027-03-29" },
    });
    const synced = await sync(host, connection.id);
    expect(synced.json()).toMatchObject({ status: "OK" });
    const rows = await t.database.db
      .select({ during: calendarBusy.during })
      .from(calendarBusy)
      .where(eq(calendarBusy.connectionId, connection.id));
    const spans = rows.map((row) => row.during).sort();
    expect(spans).toHaveLength(2);
    expect(spans.join(" ")).toMatch(/2027-01-05 09:00:00\+00.*2027-01-05 10:30:00\+00/);
    expect(spans.join(" ")).toMatch(/2027-03-27 23:00:00\+00.*2027-03-28 22:00:00\+00/);
    // freeBusy was asked in spans Google accepts (90 days at most).
    expect(
      google.requests.filter((r) => r === "POST /calendar/v3/freeBusy").length,
    ).toBeGreaterThan(2);
  });

  it("keeps the last busy time and says why when Google fails, then recovers", async () => {
    const host = await signUpHost(t);
    const connection = await connectGoogle(host);
    google.putEvent({
      id: "kept1",
      calendarId: "ada@example.com",
      start: { dateTime: "2027-01-07T10:00:00+01:00" },
      end: { dateTime: "2027-01-07T11:00:00+01:00" },
    });
    const first = await sync(host, connection.id);
    const blocks = first.json().busyBlocks;
    expect(blocks).toBeGreaterThan(0);
    // One answer and its three retries fail: the sync fails, the busy time read before stays.
    google.failNext(4, 503);
    const failed = await sync(host, connection.id);
    expect(failed.json()).toMatchObject({
      status: "FAILING",
      lastError: "UNREACHABLE",
      busyBlocks: blocks,
    });
    // Three failures are retried within the one read: the sync works.
    google.failNext(3, 429);
    const recovered = await sync(host, connection.id);
    expect(recovered.json()).toMatchObject({ status: "OK", busyBlocks: blocks });
  });
});

describe("bookings written into Google Calendar", async () => {
  const host = await signUpHost(t, { name: "Ada Host" });
  const type = await createEventType(t, host, {
    title: "Garden consult",
    locations: [{ type: "ONLINE", options: { url: "https://meet.example.com/ada" } }],
  });
  const connection = await connectGoogle(host);
  const booked = await bookOk(
    t,
    bookingBody(userLink(host, type), { name: "Grace Invitee", email: "grace@example.com" }),
  );
  const googleKey = `ada@example.com/${googleEventId(booked.event.uuid)}`;

  it("writes the booking with its invitee, once, though Google first answers 503", async () => {
    google.failNext(2, 503);
    await writeDueCalendarEvents(writeContext());
    const event = google.events.get(googleKey);
    expect(event).toMatchObject({
      status: "confirmed",
      summary: expect.stringContaining("Garden consult"),
      location: "https://meet.example.com/ada",
      start: { dateTime: berlinSlot(0, "09:00") },
      attendees: [{ email: "grace@example.com", displayName: "Grace Invitee" }],
      iCalUID: `${booked.event.uuid}@slotted`,
    });
    // Two 503s, then the insert: three requests, one event.
    const inserts = google.requests.filter(
      (r) => r.startsWith("POST /calendar/v3/calendars/") && r.endsWith("/events"),
    );
    expect(inserts).toHaveLength(3);
    expect(
      [...google.events.values()].filter((e) => e.iCalUID === `${booked.event.uuid}@slotted`),
    ).toHaveLength(1);
    const [written] = await t.database.db
      .select()
      .from(calendarWrites)
      .where(eq(calendarWrites.eventId, booked.event.uuid));
    expect(written).toBeDefined();
  });

  it("its own meeting does not count as busy time from Google", async () => {
    const synced = await sync(host, connection.id);
    expect(synced.json().status).toBe("OK");
    const overlapping = await t.database.db.execute(sql`
      select 1 from calendar_busy
       where connection_id = ${connection.id}
         and during && tstzrange(${booked.event.start}::timestamptz, ${booked.event.end}::timestamptz)`);
    expect(overlapping.rows).toEqual([]);
  });

  it("moves it on reschedule (patched, not written twice)", async () => {
    const [mail] = await bookingMailsTo(t, "grace@example.com");
    const token = new URL(mail!.data.rescheduleUrl!).searchParams.get("token")!;
    const moved = await t.request({
      method: "POST",
      url: "/api/event/reschedule",
      payload: {
        attendeeUuid: booked.attendee.uuid,
        token,
        start: berlinSlot(2, "10:00"),
        timezone: "Europe/Berlin",
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await writeDueCalendarEvents(writeContext());
    const mine = [...google.events.values()].filter((e) => e.iCalUID?.includes("@slotted"));
    const live = mine.filter((e) => e.status !== "cancelled");
    expect(live).toHaveLength(1);
    expect(live[0]!.start.dateTime).toBe(berlinSlot(2, "10:00"));
  });

  it("removes it when the booking is cancelled", async () => {
    const mails = await bookingMailsTo(t, "grace@example.com");
    const token = mails.at(-1)!.data.cancelUrl!.split("/").at(-1)!;
    const cancelled = await t.request({
      method: "PUT",
      url: `/api/event/uuid/${booked.attendee.uuid}/cancel`,
      payload: { token },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await writeDueCalendarEvents(writeContext());
    const live = [...google.events.values()].filter(
      (e) =>
        e.iCalUID?.includes("@slotted") &&
        e.status !== "cancelled" &&
        e.attendees?.[0]?.email === "grace@example.com",
    );
    expect(live).toEqual([]);
    const pending = await t.database.db.select().from(outbox).where(eq(outbox.kind, "calendar"));
    expect(pending.filter((row) => row.status !== "sent")).toEqual([]);
    const left = await t.database.db
      .select()
      .from(calendarWrites)
      .innerJoin(connectedCalendars, eq(connectedCalendars.id, calendarWrites.calendarId))
      .where(
        and(
          eq(calendarWrites.eventId, booked.event.uuid),
          eq(connectedCalendars.connectionId, connection.id),
        ),
      );
    expect(left).toEqual([]);
  });
});

describe("push: events.watch channels", () => {
  it("a change notified by Google has the busy time read again; a forged token changes nothing", async () => {
    const calendarId = "push@example.com";
    google.calendars.push({
      id: calendarId,
      summary: "Push",
      timeZone: "Europe/Berlin",
      accessRole: "owner",
    });
    try {
      const host = await signUpHost(t);
      const connection = await connectGoogle(host);
      const [channel] = google.channels.filter((c) => c.calendarId === calendarId && !c.stopped);
      expect(channel).toBeDefined();
      expect(channel!.address).toBe(
        "http://localhost:3000/api/calendar-connections/google/notifications",
      );
      google.putEvent({
        id: "pushed1",
        calendarId,
        start: { dateTime: "2027-01-08T10:00:00+01:00" },
        end: { dateTime: "2027-01-08T11:00:00+01:00" },
      });
      const [notification] = google.notificationsFor(calendarId);
      const forged = await t.request({
        method: "POST",
        url: "/api/calendar-connections/google/notifications",
        headers: { ...notification!.headers, "x-goog-channel-token": "forged" },
      });
      expect(forged.statusCode).toBe(404);
      const [before] = await t.database.db
        .select({ nextSyncAt: calendarConnections.nextSyncAt })
        .from(calendarConnections)
        .where(eq(calendarConnections.id, connection.id));
      expect(before!.nextSyncAt.getTime()).toBeGreaterThan(now().getTime());

      const delivered = await t.request({
        method: "POST",
        url: new URL(notification!.address).pathname,
        headers: notification!.headers,
      });
      expect(delivered.statusCode, delivered.body).toBe(204);
      const [due] = await t.database.db
        .select({ nextSyncAt: calendarConnections.nextSyncAt })
        .from(calendarConnections)
        .where(eq(calendarConnections.id, connection.id));
      expect(due!.nextSyncAt.getTime()).toBe(now().getTime());

      // The calendar worker's pass reads it; the new event now blocks.
      const worker = startCalendarWorker({
        database: t.database,
        encryptionKey: t.deps.config.encryptionKey,
        allowPrivate: true,
        publicUrl: t.deps.config.publicUrl,
        google: t.deps.config.google,
        clock: t.deps.clock,
        pollMs: 3_600_000,
      });
      try {
        await expect
          .poll(async () => {
            await worker.pass();
            const rows = await t.database.db
              .select({ during: calendarBusy.during })
              .from(calendarBusy)
              .where(eq(calendarBusy.connectionId, connection.id));
            return rows.map((row) => row.during).join(" ");
          })
          .toMatch(/2027-01-08 09:00:00\+00/);
      } finally {
        await worker.stop();
      }
    } finally {
      google.calendars.pop();
    }
  });

  it("renews a channel about to lapse and stops the old one", async () => {
    const host = await signUpHost(t);
    const connection = await connectGoogle(host);
    const first = google.channels.at(-1)!;
    setNow(new Date(BOOKING_NOW.getTime() + 6.5 * 86_400_000));
    try {
      await sync(host, connection.id);
      const renewed = google.channels.at(-1)!;
      expect(renewed.id).not.toBe(first.id);
      expect(first.stopped).toBe(true);
      // A fresh channel is left alone by the next sync.
      await sync(host, connection.id);
      expect(google.channels.at(-1)!.id).toBe(renewed.id);
    } finally {
      setNow(BOOKING_NOW);
    }
  });
});

describe("writing survives a lost answer, disconnecting lets go", () => {
  it("an insert whose answer was lost is found (409) and patched, not written twice", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    await connectGoogle(host);
    const booked = await bookOk(
      t,
      bookingBody(userLink(host, type), {
        start: berlinSlot(3, "09:00"),
        name: "Lin",
        email: "lin@example.com",
      }),
    );
    // Google stored the event, but its answer never arrived: the event exists, unknown to Slotted.
    google.putEvent({
      id: googleEventId(booked.event.uuid),
      calendarId: "ada@example.com",
      start: { dateTime: berlinSlot(3, "09:00") },
      end: { dateTime: berlinSlot(3, "09:30") },
      iCalUID: `${booked.event.uuid}@slotted`,
    });
    await writeDueCalendarEvents(writeContext());
    const mine = [...google.events.values()].filter(
      (e) => e.iCalUID === `${booked.event.uuid}@slotted`,
    );
    expect(mine).toHaveLength(1);
    // Patched with the booking's content.
    expect(mine[0]!.attendees).toEqual([{ email: "lin@example.com", displayName: "Lin" }]);
    const [written] = await t.database.db
      .select()
      .from(calendarWrites)
      .where(eq(calendarWrites.eventId, booked.event.uuid));
    expect(written).toBeDefined();
  });

  it("disconnecting stops the push channels and revokes the grant", async () => {
    const host = await signUpHost(t);
    const connection = await connectGoogle(host);
    const channel = google.channels.at(-1)!;
    const revocations = google.revocations;
    const removed = await t.request({
      method: "DELETE",
      url: `/api/calendar-connections/${connection.id}`,
      headers: host.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(channel.stopped).toBe(true);
    expect(google.revocations).toBe(revocations + 1);
  });
});
