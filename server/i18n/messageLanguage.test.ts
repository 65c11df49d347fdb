import { describe, expect, it } from "vitest";
import { BOOKING_NOW, book, bookingBody, bookOk, userLink } from "../test/bookingFactories";
import { createEventType, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { translator } from "./serverI18n";

const t = await createTestApp();
t.setNow(BOOKING_NOW);

const say = (language: string, key: string, params?: Record<string, unknown>) =>
  translator(language, "errors")(key, params);

async function bookingLink() {
  const host = await signUpHost(t);
  const type = await createEventType(t, host);
  return userLink(host, type);
}

describe("API messages in the request's language", () => {
  it("answers a booking's validation errors in its language field, the spec's messages included", async () => {
    const link = await bookingLink();
    const response = await book(
      t,
      bookingBody(link, { email: "not-an-email", name: " ", language: "fr" }),
    );
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.errors.email).toEqual([say("fr", "fields.invalidEmail")]);
    expect(body.errors.email[0]).not.toBe("Please enter a valid email address.");
    expect(body.errors.name).toEqual([say("fr", "general.required")]);
    expect(body.message).toBe(Object.values(body.errors as Record<string, string[]>)[0]![0]);
  });

  it("follows Accept-Language without a language field, for checks the schemas leave unworded too", async () => {
    const link = await bookingLink();
    const response = await book(t, bookingBody(link, { email: 42, guests: "x" }), {
      "accept-language": "de-AT,de;q=0.9,en;q=0.5",
    });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    // "A number where text belongs" has no wording of its own: the catalog's, never zod's.
    expect(errors.email).toEqual([say("de", "general.invalidInput")]);
    expect(errors.guests).toEqual([say("de", "general.invalidInput")]);
  });

  it("says the spec's slot-taken message in the language of the cookie", async () => {
    const link = await bookingLink();
    const first = bookingBody(link);
    await bookOk(t, first);
    const response = await t.request({
      method: "POST",
      url: "/api/event",
      payload: { ...bookingBody(link), start: first.start },
      cookies: { language: "fa" },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: "SLOT_NOT_AVAILABLE_ANYMORE",
      message: say("fa", "booking.slotTaken"),
    });
  });

  it("answers query validation and counts in the language, with Persian digits in fa", async () => {
    const link = await bookingLink();
    const query = new URLSearchParams({
      ...link,
      start: "2027-01-01",
      end: "2027-12-31",
      timezone: "Europe/Berlin",
    });
    const response = await t.request({
      method: "GET",
      url: `/api/timetable?${query}`,
      headers: { "accept-language": "fa" },
    });
    expect(response.statusCode).toBe(422);
    const message: string = response.json().message;
    expect(message).toMatch(/[۰-۹]/);
    expect(message).not.toMatch(/[0-9]/);
  });

  it("answers not-found and unreadable bodies in the language", async () => {
    const missing = await t.request({
      method: "GET",
      url: "/api/nothing-here",
      headers: { "accept-language": "ar" },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(
      say("ar", "general.noRoute", { method: "GET", path: "/api/nothing-here" }),
    );

    const broken = await t.request({
      method: "POST",
      url: "/api/event",
      headers: { "content-type": "application/json", "accept-language": "es" },
      payload: "{ not json",
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(say("es", "general.invalidJson"));
  });

  it("answers in English for languages it does not speak", async () => {
    const link = await bookingLink();
    const response = await book(t, bookingBody(link, { email: "nope" }), {
      "accept-language": "pt-BR,pt;q=0.9",
    });
    expect(response.json().errors.email).toEqual(["Please enter a valid email address."]);
  });

  it("names a new host's default schedule in the language they signed up in", async () => {
    const signup = await t.request({
      method: "POST",
      url: "/api/auth/signup",
      headers: { "accept-language": "nl-BE,nl;q=0.8" },
      payload: {
        email: "nora@example.com",
        password: "correct horse battery",
        name: "Nora",
        username: "nora-nl",
      },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const { user, token } = signup.json();
    expect(user.language).toBe("nl");
    const schedules = await t.request({
      method: "GET",
      url: "/api/schedules",
      headers: { authorization: `Bearer ${token}` },
    });
    const [schedule] = schedules.json().schedules ?? schedules.json();
    expect(schedule.name).toBe(translator("nl", "defaults")("schedule.name"));
    expect(schedule.name).not.toBe("Working hours");
  });
});
