import { describe, expect, it } from "vitest";
import { BOOKING_NOW, bookingBody, bookOk, userLink } from "../../test/bookingFactories";
import { createEventType, type Host, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();
t.setNow(BOOKING_NOW);

async function issue(host: Host): Promise<string> {
  const response = await t.request({
    method: "POST",
    url: "/api/me/booking-feed",
    headers: host.headers,
  });
  expect(response.statusCode, response.body).toBe(201);
  return new URL(response.json().url).pathname;
}

const read = (path: string) => t.request({ method: "GET", url: path });

describe("a host's private ICS feed of their bookings", () => {
  it("lists the host's confirmed bookings under a secret address", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { title: "Feed call" });
    const booked = await bookOk(
      t,
      bookingBody(userLink(host, type), { name: "Fay Invitee", email: "fay@example.com" }),
    );
    const path = await issue(host);
    expect(path).toMatch(new RegExp(`^/api/booking-feed/${host.id}\\.[A-Za-z0-9_-]{43}\\.ics$`));
    const feed = await read(path);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toMatch(/^text\/calendar/);
    const text = feed.body.replace(/\r\n[ \t]/g, "");
    expect(text).toContain(`UID:${booked.event.uuid}@slotted`);
    expect(text).toContain("SUMMARY:Feed call (Fay Invitee)");
    expect(text).toContain("fay@example.com");
  });

  it("answers 404 for a wrong secret, another host's id, a replaced and a deleted address", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    const path = await issue(host);
    const secret = path.split(".")[1]!;
    expect((await read(`/api/booking-feed/${host.id}.${"x".repeat(43)}.ics`)).statusCode).toBe(404);
    expect((await read(`/api/booking-feed/${other.id}.${secret}.ics`)).statusCode).toBe(404);
    expect((await read("/api/booking-feed/not-a-token")).statusCode).toBe(404);
    const status = () =>
      t.request({ method: "GET", url: "/api/me/booking-feed", headers: host.headers });
    expect((await status()).json()).toEqual({
      active: true,
      createdAt: BOOKING_NOW.toISOString(),
    });
    expect(
      (
        await t.request({ method: "GET", url: "/api/me/booking-feed", headers: other.headers })
      ).json(),
    ).toEqual({ active: false, createdAt: null });
    const replaced = await issue(host);
    expect((await read(path)).statusCode).toBe(404);
    expect((await read(replaced)).statusCode).toBe(200);
    const off = await t.request({
      method: "DELETE",
      url: "/api/me/booking-feed",
      headers: host.headers,
    });
    expect(off.statusCode).toBe(204);
    expect((await read(replaced)).statusCode).toBe(404);
    expect((await status()).json()).toEqual({ active: false, createdAt: null });
  });

  it("refuses an address to a host whose email is not verified", async () => {
    const host = await signUpHost(t, {}, { verified: false });
    const response = await t.request({
      method: "POST",
      url: "/api/me/booking-feed",
      headers: host.headers,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      "Verify your email address first: open the link we sent you, or ask for a new one.",
    );
    const status = await t.request({
      method: "GET",
      url: "/api/me/booking-feed",
      headers: host.headers,
    });
    expect(status.json()).toEqual({ active: false, createdAt: null });
  });

  it("needs a signed-in host to make an address", async () => {
    const response = await t.request({ method: "POST", url: "/api/me/booking-feed" });
    expect(response.statusCode).toBe(401);
    const status = await t.request({ method: "GET", url: "/api/me/booking-feed" });
    expect(status.statusCode).toBe(401);
  });
});
