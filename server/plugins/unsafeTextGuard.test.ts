import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BOOKING_NOW, bookingBody, bookOk, userLink } from "../test/bookingFactories";
import { createEventType, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";

const t = await createTestApp();
t.setNow(BOOKING_NOW);

const MESSAGE = "This text contains characters that cannot be stored.";

async function count(table: string): Promise<number> {
  const result = await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (result.rows[0] as { n: number }).n;
}

describe("text PostgreSQL cannot store", () => {
  it("refuses a NUL byte in a body field with a 422 naming the field, and stores nothing", async () => {
    const users = await count("users");
    const response = await t.request({
      method: "POST",
      url: "/api/auth/signup",
      payload: {
        email: "nul@example.com",
        password: "correct horse battery",
        name: "Ada\u0000Lovelace",
        username: "ada-nul",
      },
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({ message: MESSAGE, errors: { name: [MESSAGE] } });
    expect(await count("users")).toBe(users);
  });

  it("refuses a lone surrogate deep in a booking's answers (jsonb) and in a reason", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const booking = await book(
      bookingBody(userLink(host, type), { answers: { q1: ["ok", "\uD800"] } }),
    );
    expect(booking.statusCode, booking.body).toBe(422);
    expect(booking.json().errors).toEqual({ "answers.q1.1": [MESSAGE] });

    const made = await bookOk(t, bookingBody(userLink(host, type)));
    const cancel = await t.request({
      method: "PUT",
      url: `/api/event/uuid/${made.event.uuid}/cancel`,
      headers: host.headers,
      payload: { cancellation_reason: "sorry \uDC00" },
    });
    expect(cancel.statusCode).toBe(422);
    expect(cancel.json().errors).toEqual({ cancellation_reason: [MESSAGE] });
  });

  it("refuses NUL in the query and in path parameters (%00), in the request's language", async () => {
    const host = await signUpHost(t);
    const query = await t.request({
      method: "GET",
      url: "/api/bookings?status=CONFIRMED%00",
      headers: { ...host.headers, "accept-language": "de" },
    });
    expect(query.statusCode).toBe(422);
    const german = "Dieser Text enthält Zeichen, die nicht gespeichert werden können.";
    expect(query.json()).toEqual({ message: german, errors: { status: [german] } });

    const path = await t.request({ method: "GET", url: `/api/user/${host.username}%00/intro` });
    expect(path.statusCode).toBe(422);
    expect(path.json().errors).toEqual({ user: [MESSAGE] });
  });

  it("lets emoji, other scripts and control characters such as tabs through", async () => {
    const host = await signUpHost(t, { name: "Zoë 😀\tمرحبا" });
    const me = await t.request({ method: "GET", url: "/api/me", headers: host.headers });
    expect(me.json().user.name).toBe("Zoë 😀\tمرحبا");
  });
});

function book(body: Record<string, unknown>) {
  return t.request({ method: "POST", url: "/api/event", payload: body });
}

describe("field names that are not plain keys", () => {
  it("names the request as a whole when the unsafe text sits under __proto__", async () => {
    const response = await t.request({ method: "GET", url: "/api/health?__proto__=a%00b" });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({ message: MESSAGE, errors: { _: [MESSAGE] } });
  });
});
