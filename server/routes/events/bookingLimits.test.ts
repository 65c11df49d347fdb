import { describe, expect, it } from "vitest";
import { BOOKING_NOW, berlinSlot, book, bookingBody, userLink } from "../../test/bookingFactories";
import { createEventType, signUpHost } from "../../test/factories";
import { createTestApp, testConfig } from "../../test/testApp";

/** POST /api/event from `ip` (as Fastify reports it: the socket's address here). */
function bookFrom(t: Awaited<ReturnType<typeof createTestApp>>, ip: string, body: object) {
  return t.request({
    method: "POST",
    url: "/api/event",
    payload: body,
    remoteAddress: ip,
    headers: { "accept-language": "de" },
  });
}

describe("booking rate limits", () => {
  it("are 30 per address per 10 minutes and 300 per event type per hour by default", () => {
    expect(testConfig().bookingLimits).toEqual({ perIp: 30, perEventType: 300 });
  });

  it("refuse the 31st booking attempt from one address in 10 minutes with 429 and Retry-After", async () => {
    const t = await createTestApp();
    t.setNow(BOOKING_NOW);
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { kind: "GROUP", seats: 100 });
    for (let i = 0; i < 30; i++) {
      const response = await bookFrom(t, "203.0.113.7", bookingBody(userLink(host, type)));
      expect(response.statusCode, response.body).toBe(201);
    }
    const limited = await bookFrom(t, "203.0.113.7", bookingBody(userLink(host, type)));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: "Zu viele Anfragen. Bitte versuchen Sie es später erneut.",
    });
    expect(limited.headers["retry-after"]).toBe("600");
    // Unknown event types count too: the limit is taken before anything is looked up.
    const unknown = await bookFrom(
      t,
      "203.0.113.7",
      bookingBody({ userLink: "x", eventTypeLink: "y" }),
    );
    expect(unknown.statusCode).toBe(429);

    // Another address books; the same address may again once the window has passed.
    expect((await bookFrom(t, "203.0.113.8", bookingBody(userLink(host, type)))).statusCode).toBe(
      201,
    );
    t.setNow(new Date(BOOKING_NOW.getTime() + 5 * 60_000));
    const later = await bookFrom(t, "203.0.113.7", bookingBody(userLink(host, type)));
    expect(later.headers["retry-after"]).toBe("300");
    t.setNow(new Date(BOOKING_NOW.getTime() + 10 * 60_000));
    const body = bookingBody(userLink(host, type), { start: berlinSlot(1, "09:00") });
    expect((await bookFrom(t, "203.0.113.7", body)).statusCode).toBe(201);
  });

  it("bound one event type's bookings from all addresses together", async () => {
    const t = await createTestApp({ bookingLimits: { perIp: 30, perEventType: 5 } });
    t.setNow(BOOKING_NOW);
    const host = await signUpHost(t);
    const busy = await createEventType(t, host, { kind: "GROUP", seats: 100 });
    const other = await createEventType(t, host, { slug: "other", kind: "GROUP", seats: 100 });
    for (let i = 0; i < 5; i++) {
      const response = await bookFrom(t, `198.51.100.${i}`, bookingBody(userLink(host, busy)));
      expect(response.statusCode, response.body).toBe(201);
    }
    const limited = await bookFrom(t, "198.51.100.99", bookingBody(userLink(host, busy)));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBe("3600");
    const body = bookingBody(userLink(host, other), { start: berlinSlot(0, "10:00") });
    expect((await bookFrom(t, "198.51.100.99", body)).statusCode).toBe(201);
  });
});

describe("paid event types without payments configured", () => {
  it("are refused with 409 and a translated message, and nothing is held", async () => {
    const t = await createTestApp();
    t.setNow(BOOKING_NOW);
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { price: { amount: 5000, currency: "EUR" } });
    const response = await book(t, bookingBody(userLink(host, type)));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: "This event type cannot be booked yet: payments are not set up.",
    });
    const german = await bookFrom(t, "192.0.2.1", bookingBody(userLink(host, type)));
    expect(german.json().message).toBe(
      "Diese Terminart kann noch nicht gebucht werden: Zahlungen sind nicht eingerichtet.",
    );
    const free = await createEventType(t, host, { slug: "free" });
    expect((await book(t, bookingBody(userLink(host, free)))).statusCode).toBe(201);
  });
});
