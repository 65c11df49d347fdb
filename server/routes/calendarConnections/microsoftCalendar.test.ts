import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { writeDueCalendarEvents } from "../../calendars/calendarEventWriter";
import { fillMeetingLinks } from "../../calendars/connectedLocations";
import { startMicrosoftDouble } from "../../calendars/testing/microsoftDouble";
import { microsoftSettings } from "../../calendars/testing/microsoftTestApp";
import {
  authorizeUrl,
  callbackOutcome,
  connectOAuthAccount,
  syncNow,
} from "../../calendars/testing/oauthTestApp";
import { providerTestApp } from "../../calendars/testing/providerTestApp";
import {
  calendarBusy,
  calendarConnections,
  calendarWrites,
  connectedCalendars,
  events,
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

const {
  double: ms,
  t,
  setNow,
  writeContext,
} = await providerTestApp(
  (clock) =>
    startMicrosoftDouble({
      clock,
      calendars: [
        {
          id: "AAMkCal-ada",
          name: "Calendar",
          canEdit: true,
          isDefaultCalendar: true,
          owner: { name: "Ada", address: "ada@contoso.example" },
        },
        {
          id: "AAMkCal-shared",
          name: "Team shared",
          canEdit: false,
          owner: { name: "Team", address: "team@contoso.example" },
        },
      ],
    }),
  (double) => ({ microsoft: microsoftSettings(double.url) }),
);
const HOUR = 3_600_000;
const CAL = "AAMkCal-ada";
const authorize = (host: Host) => authorizeUrl(t, host, "microsoft");
const callback = (host: Host, callbackUrl: string) => callbackOutcome(t, host, callbackUrl);
const connectMicrosoft = (host: Host) =>
  connectOAuthAccount(t, host, "microsoft", (url) => ms.consent(url));
const sync = (host: Host, id: string) => syncNow(t, host, id);

async function busySpans(connectionId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ during: calendarBusy.during })
    .from(calendarBusy)
    .where(eq(calendarBusy.connectionId, connectionId));
  return rows.map((row) => row.during).sort();
}

describe("connecting a Microsoft account by OAuth (code flow, PKCE, state bound to the session)", () => {
  it("asks the tenant's v2.0 endpoint for offline access and Calendars.ReadWrite only, with S256", async () => {
    const host = await signUpHost(t);
    const url = new URL(await authorize(host));
    expect(`${url.origin}${url.pathname}`).toBe(`${ms.url}/common/oauth2/v2.0/authorize`);
    expect(url.searchParams.get("scope")?.split(" ").sort()).toEqual([
      "Calendars.ReadWrite",
      "offline_access",
    ]);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("redirect_uri")).toBe(
      "http://localhost:3000/api/calendar-connections/microsoft/callback",
    );
  });

  it("connects: calendars listed, the default one busy and written into, tokens sealed", async () => {
    const host = await signUpHost(t);
    const connection = await connectMicrosoft(host);
    expect(connection).toMatchObject({
      provider: "MICROSOFT",
      status: "OK",
      username: "ada@contoso.example",
    });
    expect(connection.calendars).toEqual([
      expect.objectContaining({ name: "Calendar", busy: true, writeTarget: true, readOnly: false }),
      expect.objectContaining({
        name: "Team shared",
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
    expect(row!.secret).not.toContain("M.C5");
    expect(row!.secret).not.toContain("eyJ0eXAi");
  });

  it("refuses another session's state, a reused one and a Google one; says when consent was declined", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    const consented = ms.consent(await authorize(host));
    expect(await callback(other, consented)).toBe("EXPIRED");
    const forged = new URL(consented);
    forged.searchParams.set("state", "not-the-state");
    expect(await callback(host, forged.toString())).toBe("EXPIRED");
    // A state started for Google is not taken by Microsoft's callback.
    const onGoogle = new URL(consented);
    onGoogle.pathname = "/api/calendar-connections/google/callback";
    onGoogle.searchParams.delete("session_state");
    expect(await callback(host, onGoogle.toString())).toBe("EXPIRED");
    expect(await callback(host, consented)).toBe("connected");
    expect(await callback(host, consented)).toBe("EXPIRED");
    expect(await callback(host, ms.consent(await authorize(host), false))).toBe("DENIED");
  });

  it("offers no button and answers 404 when Microsoft is not set up", async () => {
    const bare = await createTestApp();
    const host = await signUpHost(bare);
    const list = await bare.request({
      method: "GET",
      url: "/api/calendar-connections",
      headers: host.headers,
    });
    expect(list.json().oauthProviders).not.toContain("MICROSOFT");
    const started = await bare.request({
      method: "POST",
      url: "/api/calendar-connections/microsoft/authorize",
      headers: host.headers,
    });
    expect(started.statusCode).toBe(404);
    expect(started.json().message).toMatch(/Microsoft/);
  });
});

describe("tokens: an Outlook connection keeps working past the hour; revoked consent asks for reconnection", () => {
  it("refreshes before each hour runs out, keeps the rotated refresh token, and keeps syncing for a day", async () => {
    const host = await signUpHost(t);
    const connection = await connectMicrosoft(host);
    const before = ms.refreshes;
    try {
      for (let hour = 1; hour <= 24; hour++) {
        setNow(new Date(BOOKING_NOW.getTime() + hour * HOUR - 60_000));
        const synced = await sync(host, connection.id);
        expect(synced.json(), `hour ${hour}`).toMatchObject({ status: "OK", lastError: null });
      }
      // One refresh an hour (the token has under five minutes left each time), none wasted.
      expect(ms.refreshes - before).toBe(24);
    } finally {
      setNow(BOOKING_NOW);
    }
  });

  it("marks the connection RECONNECT_NEEDED on invalid_grant, mails the host once, reconnects in place", async () => {
    const host = await signUpHost(t);
    const connection = await connectMicrosoft(host);
    ms.revokeLatest();
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
      const again = await connectMicrosoft(host);
      expect(again.id).toBe(connection.id);
      expect(again).toMatchObject({ status: "OK", lastError: null });
    } finally {
      setNow(BOOKING_NOW);
    }
  });
});

describe("busy time from calendarView", () => {
  it("blocks busy, tentative and out-of-office time, all-day days and recurring occurrences across DST; not free or cancelled", async () => {
    const host = await signUpHost(t, { timeZone: "Europe/Berlin" });
    const connection = await connectMicrosoft(host);
    const base = { calendarId: CAL };
    ms.putEvent({
      ...base,
      id: "busy1",
      start: { dateTime: "2027-01-05T09:00:00.0000000", timeZone: "UTC" },
      end: { dateTime: "2027-01-05T10:30:00.0000000", timeZone: "UTC" },
    });
    ms.putEvent({
      ...base,
      id: "tent1",
      showAs: "tentative",
      start: { dateTime: "2027-01-06T09:00:00.0000000", timeZone: "UTC" },
      end: { dateTime: "2027-01-06T10:00:00.0000000", timeZone: "UTC" },
    });
    ms.putEvent({
      ...base,
      id: "oof1",
      showAs: "oof",
      start: { dateTime: "2027-01-07T09:00:00.0000000", timeZone: "UTC" },
      end: { dateTime: "2027-01-07T10:00:00.0000000", timeZone: "UTC" },
    });
    ms.putEvent({
      ...base,
      id: "free1",
      showAs: "free",
      start: { dateTime: "2027-01-08T09:00:00.0000000", timeZone: "UTC" },
      end: { dateTime: "2027-01-08T10:00:00.0000000", timeZone: "UTC" },
    });
    ms.putEvent({
      ...base,
      id: "cancelled1",
      isCancelled: true,
      start: { dateTime: "2027-01-08T12:00:00.0000000", timeZone: "UTC" },
      end: { dateTime: "2027-01-08T13:00:00.0000000", timeZone: "UTC" },
    });
    // Berlin springs forward on 28 March 2027: that day has 23 hours.
    ms.putEvent({
      ...base,
      id: "allday1",
      isAllDay: true,
      start: { dateTime: "2027-03-28T00:00:00.0000000", timeZone: "Europe/Berlin" },
      end: { dateTime: "2027-03-29T00:00:00.0000000", timeZone: "Europe/Berlin" },
    });
    // Weekly at 09:00 Berlin from 21 March: 08:00 UTC before the change, 07:00 UTC after.
    ms.putEvent({
      ...base,
      id: "weekly1",
      start: { dateTime: "2027-03-21T09:00:00.0000000", timeZone: "Europe/Berlin" },
      end: { dateTime: "2027-03-21T09:30:00.0000000", timeZone: "Europe/Berlin" },
      recurrence: {
        pattern: { type: "weekly", interval: 1 },
        range: { type: "numbered", startDate: "2027-03-21", numberOfOccurrences: 3 },
      },
    });
    const synced = await sync(host, connection.id);
    for (const id of ["busy1", "tent1", "oof1", "free1", "cancelled1", "allday1", "weekly1"]) {
      ms.events.delete(id);
    }
    expect(synced.json()).toMatchObject({ status: "OK" });
    const spans = (await busySpans(connection.id)).join(" | ");
    expect(spans).toMatch(/2027-01-05 09:00:00\+00.*2027-01-05 10:30:00\+00/);
    expect(spans).toMatch(/2027-01-06 09:00:00\+00/);
    expect(spans).toMatch(/2027-01-07 09:00:00\+00/);
    expect(spans).not.toMatch(/2027-01-08/);
    expect(spans).toMatch(/2027-03-27 23:00:00\+00.*2027-03-28 22:00:00\+00/);
    expect(spans).toMatch(/2027-03-21 08:00:00\+00/);
    expect(spans).toMatch(/2027-04-04 07:00:00\+00/);
    // Seven blocks, the 28 March occurrence merged into that all-day day.
    expect(await busySpans(connection.id)).toHaveLength(6);
    // Times were asked in UTC.
    expect(ms.prefers.at(-1)).toMatch(/outlook\.timezone="UTC"/);
  });

  it("follows @odata.nextLink through every page of a delta read", async () => {
    const host = await signUpHost(t);
    const connection = await connectMicrosoft(host);
    const ids: string[] = [];
    for (let i = 0; i < 260; i++) {
      const start = Date.parse("2027-02-01T08:00:00Z") + i * 2 * HOUR;
      const id = `many${i}`;
      ids.push(id);
      ms.putEvent({
        calendarId: CAL,
        id,
        start: { dateTime: new Date(start).toISOString().slice(0, 19), timeZone: "UTC" },
        end: { dateTime: new Date(start + HOUR).toISOString().slice(0, 19), timeZone: "UTC" },
      });
    }
    try {
      const requestsBefore = ms.requests.length;
      const synced = await sync(host, connection.id);
      expect(synced.json()).toMatchObject({ status: "OK", busyBlocks: 260 });
      const views = ms.requests
        .slice(requestsBefore)
        .filter((r) => r.endsWith("/calendarView/delta"));
      expect(views).toHaveLength(2);
    } finally {
      for (const id of ids) ms.events.delete(id);
    }
  });

  it("retries 429 and 503 within a read; a read that keeps failing keeps the last busy time", async () => {
    const host = await signUpHost(t);
    const connection = await connectMicrosoft(host);
    ms.putEvent({
      calendarId: CAL,
      id: "kept1",
      start: { dateTime: "2027-01-07T15:00:00", timeZone: "UTC" },
      end: { dateTime: "2027-01-07T16:00:00", timeZone: "UTC" },
    });
    try {
      const first = await sync(host, connection.id);
      const blocks = first.json().busyBlocks;
      expect(blocks).toBeGreaterThan(0);
      ms.failNext(4, 503);
      const failed = await sync(host, connection.id);
      expect(failed.json()).toMatchObject({
        status: "FAILING",
        lastError: "UNREACHABLE",
        busyBlocks: blocks,
      });
      ms.failNext(3, 429);
      const recovered = await sync(host, connection.id);
      expect(recovered.json()).toMatchObject({ status: "OK", busyBlocks: blocks });
    } finally {
      ms.events.delete("kept1");
    }
  });
});

describe("bookings written into the Outlook calendar", async () => {
  const host = await signUpHost(t, { name: "Ada Host" });
  const type = await createEventType(t, host, {
    title: "Garden consult",
    locations: [{ type: "ONLINE", options: { url: "https://meet.example.com/ada" } }],
  });
  const connection = await connectMicrosoft(host);
  const booked = await bookOk(
    t,
    bookingBody(userLink(host, type), { name: "Grace Invitee", email: "grace@example.com" }),
  );
  const mine = () => [...ms.events.values()].filter((e) => e.transactionId === booked.event.uuid);

  it("writes the booking once though Graph first answers 503, naming the invitee without inviting them", async () => {
    ms.failNext(2, 503);
    await writeDueCalendarEvents(writeContext());
    expect(mine()).toHaveLength(1);
    const event = mine()[0]!;
    expect(event).toMatchObject({
      calendarId: CAL,
      subject: expect.stringContaining("Garden consult"),
      location: { displayName: "https://meet.example.com/ada" },
      start: { dateTime: new Date(berlinSlot(0, "09:00")).toISOString().slice(0, 23) },
    });
    expect(event.body?.content).toContain("Grace Invitee <grace@example.com>");
    // Exchange mails every attendee: Slotted lists none and sends its own invitation.
    expect(event.attendees).toBeUndefined();
    expect(ms.invitationsSent).toBe(0);
    const [written] = await t.database.db
      .select()
      .from(calendarWrites)
      .where(eq(calendarWrites.eventId, booked.event.uuid));
    expect(written!.href).toBe(`/me/events/${event.id}`);
  });

  it("its own meeting does not count as busy time from Outlook", async () => {
    const synced = await sync(host, connection.id);
    expect(synced.json().status).toBe("OK");
    const overlapping = await t.database.db.execute(sql`
      select 1 from calendar_busy
       where connection_id = ${connection.id}
         and during && tstzrange(${booked.event.start}::timestamptz, ${booked.event.end}::timestamptz)`);
    expect(overlapping.rows).toEqual([]);
  });

  it("moves it on reschedule (updated in place, not written twice)", async () => {
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
    expect(mine()).toHaveLength(1);
    expect(mine()[0]!.start.dateTime).toBe(
      new Date(berlinSlot(2, "10:00")).toISOString().slice(0, 23),
    );
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
    expect(mine()).toEqual([]);
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

describe("a create whose answer was lost is not written twice", () => {
  it("the retried create carries the same transactionId and gets the first event back", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    await connectMicrosoft(host);
    const booked = await bookOk(
      t,
      bookingBody(userLink(host, type), {
        start: berlinSlot(3, "09:00"),
        name: "Lin",
        email: "lin@example.com",
      }),
    );
    // Graph stored the event, but its answer never arrived: the event exists, unknown to Slotted.
    ms.putEvent({
      id: "AAMkEv-lost",
      calendarId: CAL,
      transactionId: booked.event.uuid,
      start: { dateTime: "2027-01-07T08:00:00", timeZone: "UTC" },
      end: { dateTime: "2027-01-07T08:30:00", timeZone: "UTC" },
    });
    await writeDueCalendarEvents(writeContext());
    const same = [...ms.events.values()].filter((e) => e.transactionId === booked.event.uuid);
    expect(same).toHaveLength(1);
    const [written] = await t.database.db
      .select()
      .from(calendarWrites)
      .where(eq(calendarWrites.eventId, booked.event.uuid));
    expect(written!.href).toBe("/me/events/AAMkEv-lost");
  });
});

describe("a Microsoft Teams meeting made with each booking", async () => {
  const host = await signUpHost(t, { name: "Tess Host" });
  // Teams is offered once the host's Microsoft calendar takes bookings.
  await connectMicrosoft(host);
  const type = await createEventType(t, host, {
    title: "Teams call",
    locations: [{ type: "MICROSOFT_TEAMS_MEETING", options: {} }],
  });
  const booked = await bookOk(
    t,
    bookingBody(userLink(host, type), {
      start: berlinSlot(4, "11:00"),
      name: "Ola Invitee",
      email: "ola@example.com",
    }),
  );
  const mine = () => [...ms.events.values()].filter((e) => e.transactionId === booked.event.uuid);
  const locationOf = async () => {
    const [row] = await t.database.db
      .select({ location: events.location })
      .from(events)
      .where(eq(events.id, booked.event.uuid));
    return row!.location;
  };
  const beforeWrite = await locationOf();

  it("writes the event as a Teams meeting and keeps its join link on the booking", async () => {
    // Booked without a link: it comes when the event is written.
    expect(beforeWrite).toEqual({ type: "MICROSOFT_TEAMS_MEETING" });
    await writeDueCalendarEvents(writeContext());
    const [event] = mine();
    expect(event).toMatchObject({
      isOnlineMeeting: true,
      onlineMeetingProvider: "teamsForBusiness",
    });
    expect(event!.location).toBeUndefined();
    const joinUrl = event!.onlineMeeting!.joinUrl;
    expect(joinUrl).toMatch(/^https:\/\/teams\.microsoft\.com\/l\/meetup-join\//);
    expect(await locationOf()).toEqual({ type: "MICROSOFT_TEAMS_MEETING", value: joinUrl });
    // The confirmation mail not sent yet, and the host's, go out with the link: the mail
    // worker fills it in as it claims them (they waited for it while the write was pending).
    const waiting = (await outboxMails(t)).filter(
      (mail) => (mail.data as { uid?: string }).uid === `${booked.event.uuid}@slotted`,
    );
    expect(waiting.length).toBeGreaterThan(0);
    type Located = { data: { uid?: string; location: { type: string; value: string | null } } };
    for (const mail of await fillMeetingLinks(t.database.db, waiting as unknown as Located[])) {
      expect(mail.data.location).toMatchObject({ value: joinUrl });
    }
    // The confirmation page and its "Add to calendar" file show the link.
    const page = await t.request({ method: "GET", url: `/api/event/uuid/${booked.event.uuid}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().event.location).toMatchObject({ value: joinUrl });
    const ics = await t.request({ method: "GET", url: `/api/event/uuid/${booked.event.uuid}/ics` });
    expect(ics.body.replace(/\r\n /g, "")).toContain(joinUrl);
  });

  it("keeps the same link when the booking moves; the reschedule mail and its ICS carry it", async () => {
    const joinUrl = mine()[0]!.onlineMeeting!.joinUrl;
    const [mail] = await bookingMailsTo(t, "ola@example.com");
    const token = new URL(mail!.data.rescheduleUrl!).searchParams.get("token")!;
    const moved = await t.request({
      method: "POST",
      url: "/api/event/reschedule",
      payload: {
        attendeeUuid: booked.attendee.uuid,
        token,
        start: berlinSlot(4, "14:00"),
        timezone: "Europe/Berlin",
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await writeDueCalendarEvents(writeContext());
    expect(mine()).toHaveLength(1);
    expect(mine()[0]!.onlineMeeting!.joinUrl).toBe(joinUrl);
    const rescheduled = (await bookingMailsTo(t, "ola@example.com")).at(-1)!;
    expect(rescheduled.data.location).toMatchObject({
      type: "MICROSOFT_TEAMS_MEETING",
      value: joinUrl,
    });
  });

  it("removes the Teams meeting's event when the booking is cancelled", async () => {
    const mails = await bookingMailsTo(t, "ola@example.com");
    const token = mails.at(-1)!.data.cancelUrl!.split("/").at(-1)!;
    const cancelled = await t.request({
      method: "PUT",
      url: `/api/event/uuid/${booked.attendee.uuid}/cancel`,
      payload: { token },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await writeDueCalendarEvents(writeContext());
    expect(mine()).toEqual([]);
  });
});
