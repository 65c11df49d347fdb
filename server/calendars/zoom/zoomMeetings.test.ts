import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { drainChanges } from "../../bookingChanges/testing/drainChanges";
import { calendarConnections, outbox, zoomMeetings } from "../../db/schema";
import {
  BOOKING_NOW,
  berlinSlot,
  bookingBody,
  bookingMailsTo,
  bookOk,
  outboxMails,
  userLink,
} from "../../test/bookingFactories";
import { createEventType, eventTypeBody, type Host, signUpHost } from "../../test/factories";
import {
  cancelByMail,
  mailWorker,
  rescheduleByMail,
  storedLocation,
  writeDue,
} from "../testing/meetingLinkSteps";
import { zoomTestApp } from "../testing/zoomTestApp";

const { zoom, t, setNow, now, connectZoom, writeContext } = await zoomTestApp();

const ZOOM = [{ type: "ZOOM_CONNECTED", options: {} }];
const HOUR = 3_600_000;
const ZOOM_LINK = /^https:\/\/zoom\.us\/j\/\d+\?pwd=/;

/** Derives the bookings' effects and runs the due calendar jobs (Zoom meetings among them). */
/** Moves the clock on past any outbox backoff, so the jobs that failed are due again. */
function later(ms = HOUR) {
  setNow(new Date(now().getTime() + ms));
}

async function zoomHostWithType(title = "Zoom call") {
  const host = await signUpHost(t, { name: "Ada Host" });
  const connection = await connectZoom(host);
  const type = await createEventType(t, host, { title, locations: ZOOM });
  return { host, connection, type };
}

function bookZoom(host: Host, type: { slug: string }, start: string, email: string) {
  return bookOk(
    t,
    bookingBody(userLink(host, type), {
      start,
      email,
      name: "Grace Invitee",
      location: { type: "ZOOM_CONNECTED" },
    }),
  );
}

describe("connecting Zoom", () => {
  it("connects through the consent page as a Zoom connection with no calendars, tokens sealed", async () => {
    const host = await signUpHost(t);
    const connection = await connectZoom(host);
    expect(connection).toMatchObject({ status: "OK", lastError: null, calendars: [] });
    const list = await t.request({
      method: "GET",
      url: "/api/calendar-connections",
      headers: host.headers,
    });
    expect(list.json().oauthProviders).toContain("ZOOM");
    const [row] = await t.database.db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.id, connection.id));
    expect(row!.provider).toBe("ZOOM");
    // Sealed: neither token is readable in the row.
    expect(row!.secret).not.toMatch(/eyJ|refresh/);
    expect(row!.secret.length).toBeGreaterThan(40);
  });

  it("refreshes before the hour runs out and keeps Zoom's rotated refresh token", async () => {
    const host = await signUpHost(t);
    const connection = await connectZoom(host);
    const before = zoom.refreshes;
    for (let hour = 1; hour <= 3; hour++) {
      setNow(new Date(BOOKING_NOW.getTime() + hour * HOUR - 60_000));
      const synced = await t.request({
        method: "POST",
        url: `/api/calendar-connections/${connection.id}/sync`,
        headers: host.headers,
      });
      // Each refresh spends the refresh token before it: only the rotated one stored works.
      expect(synced.json(), `hour ${hour}`).toMatchObject({ status: "OK", lastError: null });
    }
    expect(zoom.refreshes - before).toBe(3);
    setNow(BOOKING_NOW);
  });

  it("marks revoked consent RECONNECT_NEEDED, mails the host once, reconnects in place", async () => {
    const host = await signUpHost(t);
    const connection = await connectZoom(host);
    zoom.revokeLatest();
    setNow(new Date(BOOKING_NOW.getTime() + 2 * HOUR));
    const sync = () =>
      t.request({
        method: "POST",
        url: `/api/calendar-connections/${connection.id}/sync`,
        headers: host.headers,
      });
    expect((await sync()).json()).toMatchObject({
      status: "FAILING",
      lastError: "RECONNECT_NEEDED",
    });
    await sync();
    const mails = (await outboxMails(t)).filter(
      (mail) => mail.template === "calendarFailing" && mail.to.email === host.email,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data).toMatchObject({ reason: "RECONNECT_NEEDED", connectionName: "Zoom" });
    const again = await connectZoom(host);
    expect(again.id).toBe(connection.id);
    expect(again).toMatchObject({ status: "OK", lastError: null });
    setNow(BOOKING_NOW);
  });

  it("revokes the grant at Zoom when disconnected", async () => {
    const host = await signUpHost(t);
    const connection = await connectZoom(host);
    const before = zoom.revocations;
    const gone = await t.request({
      method: "DELETE",
      url: `/api/calendar-connections/${connection.id}`,
      headers: host.headers,
    });
    expect(gone.statusCode, gone.body).toBe(204);
    expect(zoom.revocations - before).toBe(1);
  });
});

describe("the Zoom location is offered only to a host with Zoom", () => {
  it("refuses it (422, on locations, in the host's words) without, accepts it with", async () => {
    const host = await signUpHost(t);
    const refused = await t.request({
      method: "POST",
      url: "/api/event-types",
      headers: { ...host.headers, "accept-language": "de" },
      payload: eventTypeBody({ locations: ZOOM }),
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.body).toContain("locations");
    expect(refused.body).toContain("Verbinden Sie Zoom");
    await connectZoom(host);
    const type = await createEventType(t, host, { locations: ZOOM });
    expect(type.locations).toEqual(ZOOM);
  });
});

describe("a booking with a Zoom meeting", async () => {
  const { host, type } = await zoomHostWithType();
  const booked = await bookZoom(host, type, berlinSlot(1, "09:00"), "grace@example.com");
  const eventId = booked.event.uuid;
  let link = "";
  let meetingId = 0;

  it("holds the confirmation mails while the meeting is being made", async () => {
    await drainChanges(t);
    const { inbox, worker } = await mailWorker(t);
    expect(await worker.drain()).toBe(0);
    expect(inbox.received).toEqual([]);
  });

  it("creates one scheduled meeting in UTC, retrying a 429 through the outbox, and keeps its link", async () => {
    zoom.failNext(1, 429);
    await writeDue(t, writeContext());
    expect(zoom.meetings.size).toBe(0);
    later();
    zoom.failNext(1, 503);
    await writeDue(t, writeContext());
    expect(zoom.meetings.size).toBe(0);
    later();
    await writeDue(t, writeContext());
    const made = [...zoom.meetings.values()];
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      type: 2,
      topic: expect.stringContaining("Zoom call"),
      start_time: `${berlinSlot(1, "09:00").slice(0, 19)}Z`,
      duration: 30,
    });
    link = made[0]!.join_url;
    meetingId = made[0]!.id;
    expect(link).toMatch(ZOOM_LINK);
    expect(await storedLocation(t, eventId)).toEqual({ type: "ZOOM_CONNECTED", value: link });
    // A job run again changes nothing at Zoom.
    const calls = zoom.requests.length;
    await writeDue(t, writeContext());
    expect(zoom.requests.length).toBe(calls);
  });

  it("shows the link on the confirmation page's data, in the mails and their ICS", async () => {
    const view = await t.request({ method: "GET", url: `/api/event/uuid/${eventId}` });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.body).toContain(link);
    const { inbox, worker } = await mailWorker(t);
    expect(await worker.drain()).toBeGreaterThanOrEqual(2);
    // The confirmation: the mail with the invitation (reminders due since carry no ICS).
    const toGrace = inbox.received.find(
      (raw) => /^To: .*grace@example\.com/im.test(raw) && raw.includes("text/calendar"),
    );
    expect(toGrace).toBeDefined();
    const unfolded = toGrace!
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=")
      .replace(/\r\n[ \t]/g, "");
    expect(unfolded).toContain(link);
    expect(unfolded).toContain("Where: Zoom");
    expect(unfolded).toMatch(/LOCATION:https:\/\/zoom\.us\/j\//);
  });

  it("moves the same meeting when the booking moves (PATCH), the link unchanged", async () => {
    await rescheduleByMail(t, "grace@example.com", booked.attendee.uuid, berlinSlot(2, "10:00"));
    zoom.failNext(1, 502);
    await writeDue(t, writeContext());
    expect(zoom.meetings.get(meetingId)?.start_time).toBe(
      `${berlinSlot(2, "10:00").slice(0, 19)}Z`,
    );
    expect(zoom.meetings.size).toBe(1);
    expect(zoom.requests).toContain(`PATCH /v2/meetings/${meetingId}`);
    const mails = await bookingMailsTo(t, "grace@example.com");
    expect(mails.at(-1)!.data.location).toEqual({ type: "ZOOM_CONNECTED", value: link });
  });

  it("deletes the meeting at Zoom when the booking is cancelled", async () => {
    await cancelByMail(t, "grace@example.com", booked.attendee.uuid);
    await writeDue(t, writeContext());
    expect(zoom.meetings.has(meetingId)).toBe(false);
    expect(zoom.requests).toContain(`DELETE /v2/meetings/${meetingId}`);
    const [row] = await t.database.db
      .select()
      .from(zoomMeetings)
      .where(eq(zoomMeetings.eventId, eventId));
    expect(row!.deletedAt).not.toBeNull();
  });
});

describe("a create whose answer was lost", () => {
  it("is found again by its tag on the next try: one meeting, its link kept", async () => {
    const { host, type } = await zoomHostWithType("Lost answer");
    const booked = await bookZoom(host, type, berlinSlot(3, "11:00"), "lin@example.com");
    const before = zoom.meetings.size;
    zoom.loseNextCreate();
    await writeDue(t, writeContext());
    // Zoom made it, Slotted never heard: the job is still pending, the row says a create went.
    expect(zoom.meetings.size).toBe(before + 1);
    const [pending] = await t.database.db
      .select({ status: outbox.status })
      .from(outbox)
      .where(eq(outbox.kind, "calendar"));
    expect(pending).toBeDefined();
    later();
    await writeDue(t, writeContext());
    expect(zoom.meetings.size).toBe(before + 1);
    const made = [...zoom.meetings.values()].find((m) => m.agenda.includes(booked.event.uuid));
    expect(await storedLocation(t, booked.event.uuid)).toEqual({
      type: "ZOOM_CONNECTED",
      value: made!.join_url,
    });
  });
});

describe("a Zoom meeting whose grant was revoked", () => {
  it("marks the connection RECONNECT_NEEDED with one mail and keeps the job for later", async () => {
    const { host, connection, type } = await zoomHostWithType("Revoked");
    await bookZoom(host, type, berlinSlot(4, "11:00"), "kim@example.com");
    zoom.revokeLatest();
    later(2 * HOUR);
    await writeDue(t, writeContext());
    later();
    await writeDue(t, writeContext());
    const [row] = await t.database.db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.id, connection.id));
    expect(row).toMatchObject({ lastError: "RECONNECT_NEEDED" });
    const mails = (await outboxMails(t)).filter(
      (mail) => mail.template === "calendarFailing" && mail.to.email === host.email,
    );
    expect(mails).toHaveLength(1);
  });
});
