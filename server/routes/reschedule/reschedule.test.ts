import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, hostBusy } from "../../db/schema";
import {
  BOOKING_NOW,
  berlinSlot,
  book,
  bookingBody,
  bookingMailsTo,
  bookOk,
  teamEventType,
  userLink,
} from "../../test/bookingFactories";
import { createEventType, type Host, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();
t.setNow(BOOKING_NOW);

async function tokenOf(email: string): Promise<string> {
  const [mail] = await bookingMailsTo(t, email);
  return new URL(mail!.data.rescheduleUrl!).searchParams.get("token")!;
}

const reschedule = (payload: Record<string, unknown>, headers = {}) =>
  t.request({ method: "POST", url: "/api/event/reschedule", payload, headers });

async function booked(host: Host, overrides: Record<string, unknown> = {}, start?: string) {
  const type = await createEventType(t, host, overrides);
  const body = bookingBody(userLink(host, type), start ? { start } : {});
  const answer = await bookOk(t, body);
  return { type, answer, email: body.email as string, token: await tokenOf(body.email as string) };
}

async function busyOf(eventId: string) {
  const rows = await t.database.db.select().from(hostBusy).where(eq(hostBusy.eventId, eventId));
  return rows.map((r) => r.during);
}

describe("reschedule by the invitee", () => {
  it("moves the booking in place: same uuid, rising sequence, former time and reason kept", async () => {
    const host = await signUpHost(t);
    const { type, answer, email, token } = await booked(host);
    const response = await reschedule({
      attendeeUuid: answer.attendee.uuid,
      token,
      start: berlinSlot(1, "10:00"),
      timezone: "Europe/Berlin",
      reason: "Clash",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      event: { uuid: answer.event.uuid, start: berlinSlot(1, "10:00"), status: "CONFIRMED" },
      attendee: { uuid: answer.attendee.uuid },
    });
    const view = (
      await t.request({ method: "GET", url: `/api/event/uuid/${answer.event.uuid}` })
    ).json().event;
    expect(view).toMatchObject({
      start: berlinSlot(1, "10:00"),
      formerTime: { start: berlinSlot(0, "09:00"), end: berlinSlot(0, "09:30") },
      rescheduleReason: "Clash",
    });
    // The old time is free, the new one taken.
    await bookOk(t, bookingBody(userLink(host, type)));
    expect(
      (await book(t, bookingBody(userLink(host, type), { start: berlinSlot(1, "10:00") })))
        .statusCode,
    ).toBe(409);

    const mail = (await bookingMailsTo(t, email)).at(-1)!;
    expect(mail).toMatchObject({
      template: "bookingRescheduled",
      data: {
        uid: `${answer.event.uuid}@slotted`,
        sequence: 1,
        formerStart: berlinSlot(0, "09:00"),
        reason: "Clash",
      },
    });
    expect((await bookingMailsTo(t, host.email)).map((m) => m.template)).toEqual([
      "bookingConfirmed",
      "bookingRescheduled",
      "bookingConfirmed",
    ]);
    // The links in the mail still work after the move.
    expect(await tokenOf(email)).toBe(token);
  });

  it("can move onto an overlapping time of its own", async () => {
    const host = await signUpHost(t);
    const { answer, token } = await booked(host, { duration: 60, slotStep: 30 });
    const response = await reschedule({
      attendeeUuid: answer.attendee.uuid,
      token,
      start: berlinSlot(0, "09:30"),
      timezone: "Europe/Berlin",
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it("is atomic: a conflicting new time answers 409 and leaves the booking intact", async () => {
    const host = await signUpHost(t);
    const { type, answer, token } = await booked(host);
    await bookOk(t, bookingBody(userLink(host, type), { start: berlinSlot(0, "11:00") }));
    const before = await busyOf(answer.event.uuid);
    const response = await reschedule({
      attendeeUuid: answer.attendee.uuid,
      token,
      start: berlinSlot(0, "11:00"),
      timezone: "Europe/Berlin",
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("SLOT_NOT_AVAILABLE_ANYMORE");
    expect(await busyOf(answer.event.uuid)).toEqual(before);
    const [row] = await t.database.db.select().from(events).where(eq(events.id, answer.event.uuid));
    expect(row).toMatchObject({ status: "CONFIRMED", sequence: 0, formerEventId: null });
    expect(row!.startAt.toISOString()).toBe(berlinSlot(0, "09:00"));
  });

  it("refuses a wrong token and another invitee's token", async () => {
    const host = await signUpHost(t);
    const mine = await booked(host);
    const other = await booked(host, {}, berlinSlot(0, "13:00"));
    const base = {
      attendeeUuid: mine.answer.attendee.uuid,
      start: berlinSlot(2, "10:00"),
      timezone: "Europe/Berlin",
    };
    expect((await reschedule({ ...base, token: "nope" })).statusCode).toBe(403);
    expect((await reschedule({ ...base, token: other.token })).statusCode).toBe(403);
    expect((await reschedule(base)).statusCode).toBe(403);
  });

  it("limits the reason to 256 characters and refuses the same time", async () => {
    const host = await signUpHost(t);
    const { answer, token } = await booked(host);
    const base = { attendeeUuid: answer.attendee.uuid, token, timezone: "Europe/Berlin" };
    const long = await reschedule({
      ...base,
      start: berlinSlot(1, "10:00"),
      reason: "x".repeat(257),
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ reason: ["At most 256 characters."] });
    const same = await reschedule({ ...base, start: berlinSlot(0, "09:00") });
    expect(same.statusCode).toBe(422);
  });

  it("moves a GROUP seat to another time while the old event goes on", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { kind: "GROUP", seats: 3 });
    const stayBody = bookingBody(userLink(host, type));
    const stay = await bookOk(t, stayBody);
    const moverBody = bookingBody(userLink(host, type));
    const mover = await bookOk(t, moverBody);
    const response = await reschedule({
      attendeeUuid: mover.attendee.uuid,
      token: await tokenOf(moverBody.email as string),
      start: berlinSlot(1, "10:00"),
      timezone: "Europe/Berlin",
    });
    expect(response.statusCode, response.body).toBe(200);
    const moved = response.json().event;
    expect(moved.uuid).not.toBe(stay.event.uuid);
    const old = (
      await t.request({ method: "GET", url: `/api/event/uuid/${stay.event.uuid}` })
    ).json().event;
    expect(old).toMatchObject({ status: "CONFIRMED", seats: { taken: 1 } });
    const mail = (await bookingMailsTo(t, moverBody.email as string)).at(-1)!;
    expect(mail.data.replacesUid).toBe(`${stay.event.uuid}@slotted`);
    // A second mover joins the event that now exists at that time.
    const secondBody = bookingBody(userLink(host, type));
    const second = await bookOk(t, secondBody);
    const joined = await reschedule({
      attendeeUuid: second.attendee.uuid,
      token: await tokenOf(secondBody.email as string),
      start: berlinSlot(1, "10:00"),
      timezone: "Europe/Berlin",
    });
    expect(joined.json().event.uuid).toBe(moved.uuid);
  });
});

describe("reschedule by the host", () => {
  it("moves the event; strangers and anonymous callers are refused", async () => {
    const host = await signUpHost(t);
    const stranger = await signUpHost(t);
    const { answer } = await booked(host);
    const body = { eventUuid: answer.event.uuid, start: berlinSlot(2, "10:00"), timezone: "UTC" };
    expect((await reschedule(body)).statusCode).toBe(401);
    expect((await reschedule(body, stranger.headers)).statusCode).toBe(404);
    const response = await reschedule(body, host.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().event.start).toBe(berlinSlot(2, "10:00"));
  });

  it("moves a whole GROUP event for all (forAll)", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { kind: "GROUP", seats: 3 });
    const first = await bookOk(t, bookingBody(userLink(host, type)));
    await bookOk(t, bookingBody(userLink(host, type)));
    const response = await reschedule(
      { eventUuid: first.event.uuid, forAll: true, start: berlinSlot(1, "10:00"), timezone: "UTC" },
      host.headers,
    );
    expect(response.statusCode, response.body).toBe(200);
    const view = (
      await t.request({ method: "GET", url: `/api/event/uuid/${first.event.uuid}` })
    ).json().event;
    expect(view).toMatchObject({ start: berlinSlot(1, "10:00"), seats: { taken: 2 } });
  });

  it("hands a round-robin event to another free host", async () => {
    const [a, b, c] = [await signUpHost(t), await signUpHost(t), await signUpHost(t)];
    const type = await teamEventType(t, "ROUND_ROBIN", [a, b]);
    const answer = await bookOk(t, bookingBody({ sharedLink: type.sharedLink }));
    const current = answer.event.hosts[0]!.username;
    const [from, to] = current === a.username ? [a, b] : [b, a];
    const url = `/api/reschedule/round-robin/${answer.event.uuid}`;
    const notHost = await t.request({
      method: "POST",
      url,
      headers: from.headers,
      payload: { hostId: c.id },
    });
    expect(notHost.statusCode).toBe(422);
    const response = await t.request({
      method: "POST",
      url,
      headers: from.headers,
      payload: { hostSlug: to.username },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().event.hosts).toEqual([
      { name: expect.any(String), username: to.username },
    ]);
    // The new host is now busy and the former one free at that time.
    const busy = await t.database.db
      .select()
      .from(hostBusy)
      .where(eq(hostBusy.eventId, answer.event.uuid));
    expect(busy.map((r) => r.hostId)).toEqual([to.id]);
    const mails = await bookingMailsTo(t, from.email);
    expect(mails.at(-1)?.template).toBe("bookingCancelled");
    // Back to a host who is busy then: 409.
    const own = await createEventType(t, from);
    await bookOk(t, bookingBody(userLink(from, own)));
    const back = await t.request({
      method: "POST",
      url,
      headers: to.headers,
      payload: { hostId: from.id },
    });
    expect(back.statusCode).toBe(409);
  });
});

describe("reschedule pages", () => {
  it("shows the invitee their booking; host pages need the host", async () => {
    const host = await signUpHost(t);
    const stranger = await signUpHost(t);
    const { answer, email } = await booked(host, { kind: "GROUP", seats: 2 });
    const page = await t.request({
      method: "GET",
      url: `/api/reschedule/events/${answer.attendee.uuid}?token=${answer.attendee.token}`,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      event: { uuid: answer.event.uuid },
      eventType: { eventType: { kind: "GROUP" }, owner: { slug: host.username } },
      invitee: { uuid: answer.attendee.uuid, email },
    });
    // The uuid alone (it is in page addresses) shows the event, not the invitee.
    for (const query of ["", `?token=${answer.attendee.token}x`]) {
      const anonymous = await t.request({
        method: "GET",
        url: `/api/reschedule/events/${answer.attendee.uuid}${query}`,
      });
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.json().event.uuid).toBe(answer.event.uuid);
      expect(anonymous.json().invitee).toBeUndefined();
      expect(anonymous.body).not.toContain(email);
    }
    const asHost = await t.request({
      method: "GET",
      url: `/api/reschedule/events/${answer.attendee.uuid}`,
      headers: host.headers,
    });
    expect(asHost.json().invitee).toMatchObject({ email });
    const group = `/api/reschedule/event/${answer.event.uuid}/group`;
    expect((await t.request({ method: "GET", url: group })).statusCode).toBe(401);
    expect(
      (await t.request({ method: "GET", url: group, headers: stranger.headers })).statusCode,
    ).toBe(404);
    const hostView = await t.request({ method: "GET", url: group, headers: host.headers });
    expect(hostView.json().attendees).toEqual([expect.objectContaining({ email })]);
    const byHost = await t.request({
      method: "GET",
      url: `/api/reschedule/event/${answer.event.uuid}/byHost/${host.username}`,
      headers: host.headers,
    });
    expect(byHost.json().host).toMatchObject({ username: host.username });
    expect(JSON.stringify(byHost.json().host)).not.toContain(host.email);
  });

  it("explains a cancelled booking's link instead of not finding it, with where to book again", async () => {
    const host = await signUpHost(t);
    const { type, answer } = await booked(host, {}, berlinSlot(2, "10:00"));
    const cancel = await t.request({
      method: "PUT",
      url: `/api/event/uuid/${answer.attendee.uuid}/cancel`,
      payload: { token: answer.attendee.token, cancellation_reason: "" },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const page = await t.request({
      method: "GET",
      url: `/api/reschedule/events/${answer.attendee.uuid}?token=${answer.attendee.token}`,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      event: {
        status: "CANCELLED",
        cancelledAt: BOOKING_NOW.toISOString(),
        eventType: { path: `/${host.username}/${type.slug}` },
      },
      invitee: { status: "CANCELLED" },
    });
    // Moving it stays refused.
    const move = await reschedule({
      attendeeUuid: answer.attendee.uuid,
      token: answer.attendee.token,
      start: berlinSlot(3, "10:00"),
      timezone: "Europe/Berlin",
    });
    expect(move.statusCode).toBeGreaterThanOrEqual(400);
    expect(move.statusCode).toBeLessThan(500);
  });
});
