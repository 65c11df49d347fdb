import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { hostBusy, singleUseLinks } from "../../db/schema";
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
import { createEventType, signUpHost } from "../../test/factories";
import { startStripeDouble } from "../../test/stripeDouble";
import { createTestApp } from "../../test/testApp";

// Payments configured (paid types are bookable), and the booking rate limits off: this file
// books far more than one address may in 10 minutes (bookingLimits.test.ts covers them).
const stripe = await startStripeDouble();
afterAll(() => stripe.stop());
const t = await createTestApp({
  stripe: stripe.config,
  bookingLimits: { perIp: 0, perEventType: 0 },
});
t.setNow(BOOKING_NOW);

const SLOT_TAKEN = {
  code: "SLOT_NOT_AVAILABLE_ANYMORE",
  message: "The selected time is not available anymore. Please choose another time.",
};

describe("POST /api/event: one-on-one", () => {
  it("books, answers the spec's shape, and writes the confirmation mails", async () => {
    const host = await signUpHost(t, { name: "Ada Host" });
    const type = await createEventType(t, host, { title: "Intro call" });
    const body = bookingBody(userLink(host, type), {
      email: "Grace@Example.com",
      name: "Grace <b>Hopper</b>",
      guests: ["guest@example.com"],
      timezone: "America/New_York",
    });
    const answer = await bookOk(t, body);
    expect(answer).toEqual({
      event: {
        uuid: expect.any(String),
        title: "Intro call",
        start: "2027-01-04T08:00:00.000Z",
        end: "2027-01-04T08:30:00.000Z",
        status: "CONFIRMED",
        hosts: [{ name: "Ada Host", username: host.username }],
        location: { type: "ZOOM", value: "https://zoom.example.com/j/1" },
      },
      attendee: {
        uuid: expect.any(String),
        token: expect.any(String),
        cancelUrl: expect.any(String),
        rescheduleUrl: expect.any(String),
      },
    });

    const [invitee] = await bookingMailsTo(t, "grace@example.com");
    // The confirmation page gets the same links the invitee's mail carries.
    expect(answer.attendee.cancelUrl).toBe(invitee!.data.cancelUrl);
    expect(answer.attendee.rescheduleUrl).toBe(invitee!.data.rescheduleUrl);
    expect(invitee).toMatchObject({
      template: "bookingConfirmed",
      data: { role: "invitee", timeZone: "America/New_York", uid: `${answer.event.uuid}@slotted` },
    });
    expect(invitee!.data.cancelUrl).toMatch(
      new RegExp(`^http://localhost:3000/cancel/${answer.attendee.uuid}/.+`),
    );
    expect(invitee!.data.rescheduleUrl).toMatch(
      new RegExp(
        `^http://localhost:3000/reschedule/by-attendee/${answer.attendee.uuid}\\?token=.+`,
      ),
    );
    const [guest] = await bookingMailsTo(t, "guest@example.com");
    expect(guest?.data).toMatchObject({ role: "guest", cancelUrl: null });
    const [toHost] = await bookingMailsTo(t, host.email);
    expect(toHost?.data).toMatchObject({ role: "host", timeZone: "Europe/Berlin" });
  });

  it("re-checks the start on the server: taken, outside hours or unaligned is 409", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    await bookOk(t, bookingBody(userLink(host, type)));
    for (const start of [
      berlinSlot(0, "09:00"), // taken
      berlinSlot(0, "08:00"), // before working hours
      berlinSlot(0, "09:10"), // not on the slot grid
      berlinSlot(5, "10:00"), // Saturday
      berlinSlot(-1, "10:00"), // in the past
      berlinSlot(200, "10:00"), // past the horizon
    ]) {
      const response = await book(t, bookingBody(userLink(host, type), { start }));
      expect(response.statusCode, start).toBe(409);
      expect(response.json()).toEqual(SLOT_TAKEN);
    }
  });

  it("frees nothing else: buffers block the neighbouring slots", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { bufferAfter: 30 });
    await bookOk(t, bookingBody(userLink(host, type), { start: berlinSlot(0, "10:00") }));
    const next = await book(
      t,
      bookingBody(userLink(host, type), { start: berlinSlot(0, "10:30") }),
    );
    expect(next.statusCode).toBe(409);
    const rows = await t.database.db.select().from(hostBusy).where(eq(hostBusy.hostId, host.id));
    expect(rows.map((r) => r.during)).toEqual([
      expect.stringMatching(/^\["2027-01-04 09:00:00\+00","2027-01-04 10:00:00\+00"\)$/),
    ]);
  });

  it("answers 404 for an unknown user, event type or a turned-off event type", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { active: false });
    for (const link of [
      { userLink: "nobody-here", eventTypeLink: "x" },
      { userLink: host.username, eventTypeLink: "nope" },
      userLink(host, type),
      { sharedLink: "unknown" },
      { singleUseLink: "unknown" },
    ]) {
      expect((await book(t, bookingBody(link))).statusCode).toBe(404);
    }
  });

  it("books a chosen duration and refuses one that is not offered", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { duration: 30, durations: [30, 60] });
    const answer = await bookOk(t, bookingBody(userLink(host, type), { duration: 60 }));
    expect(answer.event.end).toBe(berlinSlot(0, "10:00"));
  });

  it("sends the redirect action", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, {
      redirectUrl: "https://example.com/thanks",
      redirectSeconds: 5,
    });
    const answer = await bookOk(t, bookingBody(userLink(host, type)));
    expect(answer.action).toEqual({
      actionType: "URL",
      url: "https://example.com/thanks",
      seconds: 5,
    });
  });
});

describe("POST /api/event: validation (422 with the spec's messages)", async () => {
  const host = await signUpHost(t);
  const type = await createEventType(t, host, {
    durations: [30, 60],
    locations: [
      { type: "ZOOM", options: { url: "https://zoom.example.com/j/1" } },
      { type: "PHONE_CALL", options: { direction: "HOST_CALLS_INVITEE" } },
    ],
    questions: [
      { id: "topic", type: "SHORT_TEXT", label: "Topic", required: true },
      { id: "notes", type: "LONG_TEXT", label: "Notes" },
      { id: "size", type: "SINGLE_CHOICE", label: "Size", options: ["S", "L"] },
      { id: "terms", type: "CHECKBOX", label: "Terms", required: true },
    ],
  });
  const valid = {
    location: { type: "ZOOM" },
    answers: { topic: "Compilers", terms: true },
  };
  const cases: [string, Record<string, unknown>, Record<string, string[]>][] = [
    [
      "invalid email",
      { email: "not-an-email" },
      { email: ["Please enter a valid email address."] },
    ],
    ["missing email", { email: undefined }, { email: ["Please enter a valid email address."] }],
    [
      "guest email",
      { guests: ["ok@example.com", "nope"] },
      { "guests.1": ["\u2068nope\u2069 is not a valid email address."] },
    ],
    [
      "eleven guests",
      { guests: Array.from({ length: 11 }, (_, i) => `guest${i}@example.com`) },
      { guests: ["At most 10 guests."] },
    ],
    ["phone", { phone: "12ab" }, { phone: ["Invalid phone number"] }],
    ["salutation", { salutation: "Dr" }, { salutation: ["Please select an option"] }],
    ["name", { name: "" }, { name: ["Required"] }],
    ["required answer", { answers: { terms: true } }, { "answers.topic": ["Required"] }],
    ["required checkbox", { answers: { topic: "x" } }, { "answers.terms": ["Required"] }],
    [
      "short answer 256",
      { answers: { topic: "x".repeat(256), terms: true } },
      { "answers.topic": ["Invalid answer"] },
    ],
    [
      "long answer 1001",
      { answers: { topic: "x", terms: true, notes: "y".repeat(1001) } },
      { "answers.notes": ["Invalid answer"] },
    ],
    [
      "choice",
      { answers: { topic: "x", terms: true, size: "XL" } },
      { "answers.size": ["Please select an option"] },
    ],
    [
      "location not offered",
      { location: { type: "IN_PERSON", value: "Home" } },
      { location: ["Please select an option"] },
    ],
    ["no location chosen", { location: undefined }, { location: ["Please select an option"] }],
    [
      "host calls: invitee phone",
      { location: { type: "PHONE_CALL", value: "123" } },
      { "location.value": ["Invalid phone number"] },
    ],
    ["duration", { duration: 45 }, { duration: ["Please select an option"] }],
    ["time zone", { timezone: "Mars/Base" }, { timezone: ["Unknown time zone."] }],
    ["start", { start: "tomorrow" }, { start: ["Choose a time (an ISO 8601 instant)."] }],
  ];
  it.each(cases)("%s", async (_name, overrides, errors) => {
    const response = await book(t, bookingBody(userLink(host, type), { ...valid, ...overrides }));
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json();
    expect(body.errors).toEqual(errors);
    expect(body.message).toBe(Object.values(errors)[0]![0]);
  });

  it("books questions named constructor and toString, and refuses a __proto__ key with a 4xx", async () => {
    const named = await createEventType(t, host, {
      questions: [
        { id: "constructor", type: "SHORT_TEXT", label: "Built", required: true },
        { id: "toString", type: "SHORT_TEXT", label: "Said" },
      ],
    });
    const missing = await book(t, bookingBody(userLink(host, named), { answers: {} }));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ "answers.constructor": ["Required"] });

    const body = bookingBody(userLink(host, named), {
      start: berlinSlot(0, "10:00"),
      answers: { constructor: "Ships", toString: "Hello" },
    });
    const booked = await bookOk(t, body);
    const invitee = await t.request({
      method: "GET",
      url: `/api/invitee/${booked.attendee.uuid}?token=${booked.attendee.token}`,
    });
    expect(invitee.json().invitee.answers).toEqual({ constructor: "Ships", toString: "Hello" });

    const payload = JSON.stringify(bookingBody(userLink(host, named))).replace(
      /}$/,
      ',"answers":{"__proto__":{"constructor":"x"}}}',
    );
    const proto = await t.request({
      method: "POST",
      url: "/api/event",
      payload,
      headers: { "content-type": "application/json" },
    });
    expect(proto.statusCode).toBe(400);
    expect(proto.json()).toEqual({ message: "The request body is not valid JSON." });
  });

  it("accepts the longest answers and a valid phone number for the host to call", async () => {
    const response = await book(
      t,
      bookingBody(userLink(host, type), {
        location: { type: "PHONE_CALL", value: "+49 30 901820" },
        answers: { topic: "x".repeat(255), terms: true, notes: "y".repeat(1000) },
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().event.location).toEqual({ type: "PHONE_CALL", value: "+4930901820" });
  });
});

describe("GROUP", () => {
  it("fills seats in one event and refuses the seat after the last", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { kind: "GROUP", seats: 2 });
    const first = await bookOk(t, bookingBody(userLink(host, type)));
    const second = await bookOk(t, bookingBody(userLink(host, type)));
    expect(second.event.uuid).toBe(first.event.uuid);
    const third = await book(t, bookingBody(userLink(host, type)));
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({
      code: "SLOT_NOT_AVAILABLE_ANYMORE",
      message: "This time is fully booked. Please choose another time.",
    });
  });

  it("gives the last seat to exactly one of 20 racers", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { kind: "GROUP", seats: 3 });
    await bookOk(t, bookingBody(userLink(host, type)));
    await bookOk(t, bookingBody(userLink(host, type)));
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => book(t, bookingBody(userLink(host, type)))),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
  });

  it("seats racing first bookers in one event", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { kind: "GROUP", seats: 5 });
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => book(t, bookingBody(userLink(host, type)))),
    );
    const created = responses.filter((r) => r.statusCode === 201);
    expect(created).toHaveLength(5);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(7);
    expect(new Set(created.map((r) => r.json().event.uuid)).size).toBe(1);
  });
});

describe("team kinds", () => {
  it("COLLECTIVE takes every host's time", async () => {
    const [a, b] = [await signUpHost(t), await signUpHost(t)];
    const type = await teamEventType(t, "COLLECTIVE", [a, b]);
    const answer = await bookOk(t, bookingBody({ sharedLink: type.sharedLink }));
    expect(answer.event.hosts.map((h) => h.username).sort()).toEqual(
      [a.username, b.username].sort(),
    );
    // b is now busy at that time for any of their event types
    const own = await createEventType(t, b);
    expect((await book(t, bookingBody(userLink(b, own)))).statusCode).toBe(409);
  });

  it("ROUND_ROBIN picks the highest priority, then the least recently booked", async () => {
    const [a, b, c] = [await signUpHost(t), await signUpHost(t), await signUpHost(t)];
    const type = await teamEventType(t, "ROUND_ROBIN", [a, b, c], {
      hosts: [
        { userId: a.id, priority: 0 },
        { userId: b.id, priority: 0 },
        { userId: c.id, priority: 5 },
      ],
    });
    const hostAt = async (start: string) =>
      (await bookOk(t, bookingBody({ sharedLink: type.sharedLink }, { start }))).event.hosts[0]!
        .username;
    expect(await hostAt(berlinSlot(0, "09:00"))).toBe(c.username);
    // c is busy at 09:00, so a and b remain; both never booked, then alternate.
    const second = await hostAt(berlinSlot(0, "09:00"));
    const third = await hostAt(berlinSlot(0, "09:00"));
    expect([second, third].sort()).toEqual([a.username, b.username].sort());
    expect(await hostAt(berlinSlot(0, "10:00"))).toBe(c.username);
    // On the next day c (priority) goes first again; then, of a and b (each booked once), the
    // least recently booked.
    expect(await hostAt(berlinSlot(1, "09:00"))).toBe(c.username);
    expect(await hostAt(berlinSlot(1, "09:00"))).toBe(second);
    expect(
      (
        await book(
          t,
          bookingBody({ sharedLink: type.sharedLink }, { start: berlinSlot(1, "09:00") }),
        )
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await book(
          t,
          bookingBody({ sharedLink: type.sharedLink }, { start: berlinSlot(1, "09:00") }),
        )
      ).statusCode,
    ).toBe(409);
  });

  it("ROUND_ROBIN falls back to the next free host when one loses a race", async () => {
    const [a, b] = [await signUpHost(t), await signUpHost(t)];
    const type = await teamEventType(t, "ROUND_ROBIN", [a, b]);
    const responses = await Promise.all(
      Array.from({ length: 3 }, () => book(t, bookingBody({ sharedLink: type.sharedLink }))),
    );
    const created = responses.filter((r) => r.statusCode === 201);
    expect(created).toHaveLength(2);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(1);
    expect(new Set(created.map((r) => r.json().event.hosts[0].username))).toEqual(
      new Set([a.username, b.username]),
    );
  });

  it("ROUND_ROBIN with a pinned host books that host", async () => {
    const [a, b] = [await signUpHost(t), await signUpHost(t)];
    const type = await teamEventType(t, "ROUND_ROBIN", [a, b]);
    const answer = await bookOk(
      t,
      bookingBody({ sharedLink: type.sharedLink, hostSlug: b.username }),
    );
    expect(answer.event.hosts).toEqual([expect.objectContaining({ username: b.username })]);
    const again = await book(t, bookingBody({ sharedLink: type.sharedLink, hostSlug: b.username }));
    expect(again.statusCode).toBe(409);
  });

  it("FLEXI takes every ALL member and one free member of each ANY group", async () => {
    const [a, b, c] = [await signUpHost(t), await signUpHost(t), await signUpHost(t)];
    const type = await teamEventType(t, "FLEXI", [a, b, c], {
      hosts: [],
      hostGroups: [
        { mode: "ALL", userIds: [a.id] },
        { mode: "ANY", userIds: [b.id, c.id] },
      ],
    });
    const first = await bookOk(t, bookingBody({ sharedLink: type.sharedLink }));
    expect(first.event.hosts).toHaveLength(2);
    expect(first.event.hosts.map((h) => h.username)).toContain(a.username);
    // a is busy now, so the ALL group fails at that time.
    expect((await book(t, bookingBody({ sharedLink: type.sharedLink }))).statusCode).toBe(409);
  });
});

describe("single-use links", () => {
  it("books once; the link is then used up", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const created = await t.request({
      method: "POST",
      url: `/api/event-types/${type.id}/single-use-links`,
      headers: host.headers,
    });
    const { link } = created.json();
    const answer = await bookOk(t, bookingBody({ singleUseLink: link }));
    const [row] = await t.database.db
      .select()
      .from(singleUseLinks)
      .where(eq(singleUseLinks.token, link));
    expect(row?.eventId).toBe(answer.event.uuid);
    const again = await book(
      t,
      bookingBody({ singleUseLink: link }, { start: berlinSlot(0, "11:00") }),
    );
    // Gone, not unknown: the page can say the link was used.
    expect(again.statusCode).toBe(410);
    const page = await t.request({ method: "GET", url: `/api/single-use-link/${link}` });
    expect(page.statusCode).toBe(410);
    expect(page.json()).toEqual({ message: "This single-use link has already been used." });
  });
});

/** DELETE /api/event/{user}/{eventType}/{eventUuid} with `query`. */
function deletePending(path: string, query: Record<string, string>) {
  const search = new URLSearchParams(query).toString();
  return t.request({ method: "DELETE", url: `/api/event/${path}${search ? `?${search}` : ""}` });
}

describe("paid event types", () => {
  it("books as pending payment with checkout, and the pending booking can be deleted", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { price: { amount: 5000, currency: "EUR" } });
    const answer = await bookOk(t, bookingBody(userLink(host, type)));
    expect(answer.event.status).toBe("PENDING_PAYMENT");
    expect(answer.checkout).toBe(true);
    expect(await bookingMailsTo(t, host.email)).toEqual([]);
    expect((await book(t, bookingBody(userLink(host, type)))).statusCode).toBe(409);

    const token = answer.attendee.token;
    expect(answer.attendee.cancelUrl).toContain(encodeURIComponent(token));

    const wrong = await deletePending(`someone-else/${type.slug}/${answer.event.uuid}`, { token });
    expect(wrong.statusCode).toBe(404);
    const path = `${host.username}/${type.slug}/${answer.event.uuid}`;
    const anonymous = await deletePending(path, {});
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json()).toEqual({ message: "This link is not valid for this booking." });
    expect((await deletePending(path, { token: `${token}x` })).statusCode).toBe(403);
    expect((await deletePending(path, { token, payment_intent: "pi_123" })).statusCode).toBe(404);
    const paymentIntent = answer.event.payment!.paymentIntent;
    expect((await deletePending(path, { token, payment_intent: paymentIntent })).statusCode).toBe(
      204,
    );
    expect(stripe.intents.get(paymentIntent)?.status).toBe("canceled");
    await bookOk(t, bookingBody(userLink(host, type)));
  });

  it("lets one attendee of a paid group event take back only their own seat", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, {
      kind: "GROUP",
      seats: 3,
      price: { amount: 5000, currency: "EUR" },
    });
    const first = await bookOk(t, bookingBody(userLink(host, type)));
    const second = await bookOk(t, bookingBody(userLink(host, type)));
    expect(second.event.uuid).toBe(first.event.uuid);
    const path = `${host.username}/${type.slug}/${first.event.uuid}`;

    // The first attendee's secret drops the first seat, never the event or the second seat.
    expect((await deletePending(path, { token: first.attendee.token })).statusCode).toBe(204);
    expect((await deletePending(path, { token: first.attendee.token })).statusCode).toBe(403);
    const busy = await t.database.db
      .select()
      .from(hostBusy)
      .where(eq(hostBusy.eventId, first.event.uuid));
    expect(busy).toHaveLength(1);
    const event = await t.request({ method: "GET", url: `/api/event/uuid/${first.event.uuid}` });
    expect(event.json().event.seats).toEqual({ total: 3, taken: 1 });

    // The last attendee leaving frees the time; the booking stays, cancelled, for its webhook.
    expect((await deletePending(path, { token: second.attendee.token })).statusCode).toBe(204);
    const gone = await t.request({ method: "GET", url: `/api/event/uuid/${first.event.uuid}` });
    expect(gone.json().event.status).toBe("CANCELLED");
    expect(
      await t.database.db.select().from(hostBusy).where(eq(hostBusy.eventId, first.event.uuid)),
    ).toEqual([]);
  });

  it("refuses to delete a confirmed booking", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const answer = await bookOk(t, bookingBody(userLink(host, type)));
    const response = await deletePending(`${host.username}/${type.slug}/${answer.event.uuid}`, {
      token: answer.attendee.token,
    });
    expect(response.statusCode).toBe(409);
  });
});

describe("Idempotency-Key", () => {
  it("replays the first answer and never books twice", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const body = bookingBody(userLink(host, type));
    const headers = { "idempotency-key": "booking-key-1" };
    const first = await book(t, body, headers);
    expect(first.statusCode).toBe(201);
    const retry = await book(t, body, headers);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(await bookingMailsTo(t, host.email)).toHaveLength(1);

    const other = await book(t, { ...body, name: "Someone else" }, headers);
    expect(other.statusCode).toBe(422);
    // Errors replay too; another key is another request.
    const taken = await book(t, body, { "idempotency-key": "booking-key-2" });
    expect(taken.statusCode).toBe(409);
    const takenAgain = await book(t, body, { "idempotency-key": "booking-key-2" });
    expect(takenAgain.statusCode).toBe(409);
    expect(takenAgain.headers["idempotent-replayed"]).toBe("true");
  });

  it("concurrent retries make one booking", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const body = bookingBody(userLink(host, type));
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => book(t, body, { "idempotency-key": "same-key-concurrent" })),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(new Set(responses.filter((r) => r.statusCode === 201).map((r) => r.body)).size).toBe(1);
    expect(await bookingMailsTo(t, host.email)).toHaveLength(1);
  });
});
