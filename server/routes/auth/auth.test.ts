import { describe, expect, it } from "vitest";
import { signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();

function cookieJar(setCookie: string | string[] | undefined): Record<string, string> {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return Object.fromEntries(list.map((c) => c.split(";")[0]!.split("=") as [string, string]));
}

const signup = (payload: Record<string, unknown>) =>
  t.request({ method: "POST", url: "/api/auth/signup", payload });

describe("sign-up", () => {
  it("creates a host with a hashed password, a token, a session cookie and a default schedule", async () => {
    const response = await signup({
      email: "Ada@Example.com",
      password: "correct horse battery",
      name: "Ada Lovelace",
      username: "Ada-L",
      timeZone: "Asia/Calcutta",
    });
    expect(response.statusCode).toBe(201);
    const { user, token } = response.json();
    expect(user).toMatchObject({
      email: "Ada@Example.com",
      username: "ada-l",
      timeZone: "Asia/Kolkata",
      timeFormat: 24,
      language: "en",
    });
    expect(user).not.toHaveProperty("passwordHash");
    expect(token).toMatch(/^[\w-]{40,}$/);
    const setCookie = response.headers["set-cookie"];
    expect(String(setCookie)).toMatch(/slotted_session=[^;]+;.*HttpOnly/i);
    expect(String(setCookie)).toMatch(/SameSite=Lax/i);

    const rows = await t.database.query<{ password_hash: string }>(
      "select password_hash from users where id = $1",
      [user.id],
    );
    expect(rows[0]!.password_hash).toMatch(/^scrypt\$/);
    expect(rows[0]!.password_hash).not.toContain("correct horse");

    const schedules = await t.request({
      method: "GET",
      url: "/api/schedules",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(schedules.json().schedules).toEqual([
      expect.objectContaining({
        isDefault: true,
        timeZone: "Asia/Kolkata",
        weekly: expect.objectContaining({ MON: [{ start: "09:00", end: "17:00" }] }),
      }),
    ]);
  });

  it("refuses an email already registered in any letter case, and a taken username", async () => {
    await signUpHost(t, { email: "grace@example.com", username: "grace" });
    const again = await signup({
      email: "GRACE@example.com",
      password: "long enough pw",
      name: "G",
      username: "grace",
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({
      email: ["This email is already registered."],
      username: ["This username is taken."],
    });
  });

  it.each([["api"], ["reschedule"], ["cancel"], ["c"], ["rf"], ["dashboard"]])(
    "refuses the route word %s as a username",
    async (username) => {
      const response = await signup({
        email: `${username}@example.com`,
        password: "long enough pw",
        name: "X",
        username,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.username).toEqual(["This username is reserved."]);
    },
  );

  it("answers bad input with 422 and a message per field, writing nothing", async () => {
    const response = await signup({
      email: "not-an-email",
      password: "short",
      name: "",
      username: "No Spaces!",
      timeZone: "Mars/Olympus",
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.message).toEqual(expect.any(String));
    expect(body.errors).toEqual({
      email: ["Please enter a valid email address."],
      password: ["At least 8 characters."],
      name: ["Required"],
      username: ["Use 2 to 40 lowercase letters, digits and dashes."],
      timeZone: ["Unknown time zone."],
    });
    const rows = await t.database.query("select 1 from users where email = 'not-an-email'");
    expect(rows).toHaveLength(0);
  });
});

describe("sign-in and sign-out", () => {
  it("signs in with any letter case of the email and answers a working token", async () => {
    const host = await signUpHost(t, { email: "lin@example.com", password: "open sesame 1" });
    const response = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "LIN@example.com", password: "open sesame 1" },
    });
    expect(response.statusCode).toBe(200);
    const { token, user } = response.json();
    expect(user.id).toBe(host.id);
    const me = await t.request({
      method: "GET",
      url: "/api/me",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(host.id);
  });

  it("answers a wrong password and an unknown email alike", async () => {
    await signUpHost(t, { email: "kim@example.com", password: "open sesame 2" });
    const wrong = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "kim@example.com", password: "nope nope" },
    });
    const unknown = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "nobody@example.com", password: "nope nope" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it("logs out: the token stops working", async () => {
    const host = await signUpHost(t);
    const out = await t.request({ method: "POST", url: "/api/auth/logout", headers: host.headers });
    expect(out.statusCode).toBe(204);
    const me = await t.request({ method: "GET", url: "/api/me", headers: host.headers });
    expect(me.statusCode).toBe(401);
  });
});

describe("the session cookie", () => {
  async function cookieSession() {
    const host = await signUpHost(t);
    const login = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: host.email, password: "correct horse battery" },
    });
    const jar = cookieJar(login.headers["set-cookie"]);
    return { host, session: jar.slotted_session!, csrf: jar.slotted_csrf! };
  }

  it("authenticates reads without a CSRF token", async () => {
    const { host, session } = await cookieSession();
    const me = await t.request({
      method: "GET",
      url: "/api/me",
      cookies: { slotted_session: session },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(host.id);
  });

  it("refuses a cookie-authenticated write without the CSRF token, and accepts it with one", async () => {
    const { session, csrf } = await cookieSession();
    const payload = { name: "Renamed" };
    const without = await t.request({
      method: "PATCH",
      url: "/api/me",
      cookies: { slotted_session: session },
      payload,
    });
    expect(without.statusCode).toBe(403);
    const forged = await t.request({
      method: "PATCH",
      url: "/api/me",
      cookies: { slotted_session: session },
      headers: { "x-csrf-token": "forged" },
      payload,
    });
    expect(forged.statusCode).toBe(403);
    const withToken = await t.request({
      method: "PATCH",
      url: "/api/me",
      cookies: { slotted_session: session },
      headers: { "x-csrf-token": csrf },
      payload,
    });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.json().user.name).toBe("Renamed");
  });

  it("answers 401 to a garbage bearer token and to no credentials", async () => {
    expect((await t.request({ method: "GET", url: "/api/me" })).statusCode).toBe(401);
    const bad = await t.request({
      method: "GET",
      url: "/api/me",
      headers: { authorization: "Bearer nope" },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ message: "Invalid or expired token." });
  });
});
