import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outbox, passwordResets } from "../../db/schema";
import { signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();

async function resetMails(email: string) {
  const rows = await t.database.db.select().from(outbox);
  return rows
    .map((row) => row.payload as { template: string; to: { email: string }; data: { url: string } })
    .filter((p) => p.template === "passwordReset" && p.to.email === email);
}

function tokenOf(url: string): string {
  return new URL(url).searchParams.get("token")!;
}

const login = (email: string, password: string) =>
  t.request({ method: "POST", url: "/api/auth/login", payload: { email, password } });

describe("password reset by mail", () => {
  it("answers 202 alike for known and unknown addresses, and mails only accounts", async () => {
    const host = await signUpHost(t);
    const unknown = await t.request({
      method: "POST",
      url: "/api/auth/password-reset",
      payload: { email: "nobody-here@example.com" },
    });
    const known = await t.request({
      method: "POST",
      url: "/api/auth/password-reset",
      payload: { email: host.email.toUpperCase() },
    });
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    expect(await resetMails("nobody-here@example.com")).toEqual([]);
    const [mail] = await resetMails(host.email);
    expect(mail?.data.url).toMatch(/^http:\/\/localhost:3000\/dashboard\/reset-password\?token=/);
    const [stored] = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, host.id));
    expect(stored?.tokenHash).not.toContain(tokenOf(mail!.data.url));
  });

  it("sets a new password once per link and signs every session out", async () => {
    const host = await signUpHost(t);
    await t.request({
      method: "POST",
      url: "/api/auth/password-reset",
      payload: { email: host.email },
    });
    const [mail] = await resetMails(host.email);
    const token = tokenOf(mail!.data.url);
    const short = await t.request({
      method: "POST",
      url: "/api/auth/password-reset/confirm",
      payload: { token, password: "short" },
    });
    expect(short.statusCode).toBe(422);
    const done = await t.request({
      method: "POST",
      url: "/api/auth/password-reset/confirm",
      payload: { token, password: "a brand new password" },
    });
    expect(done.statusCode, done.body).toBe(204);
    const oldSession = await t.request({ method: "GET", url: "/api/me", headers: host.headers });
    expect(oldSession.statusCode).toBe(401);
    expect((await login(host.email, "correct horse battery")).statusCode).toBe(401);
    expect((await login(host.email, "a brand new password")).statusCode).toBe(200);
    const again = await t.request({
      method: "POST",
      url: "/api/auth/password-reset/confirm",
      payload: { token, password: "yet another password" },
    });
    expect(again.statusCode).toBe(410);
  });

  it("refuses expired and unknown tokens, and sends at most three mails an hour", async () => {
    const host = await signUpHost(t);
    const now = new Date("2027-01-04T06:00:00Z");
    t.setNow(now);
    for (let i = 0; i < 5; i++) {
      const response = await t.request({
        method: "POST",
        url: "/api/auth/password-reset",
        payload: { email: host.email },
      });
      expect(response.statusCode).toBe(202);
    }
    const mails = await resetMails(host.email);
    expect(mails).toHaveLength(3);
    t.setNow(new Date(now.getTime() + 61 * 60_000));
    const expired = await t.request({
      method: "POST",
      url: "/api/auth/password-reset/confirm",
      payload: { token: tokenOf(mails[0]!.data.url), password: "a brand new password" },
    });
    expect(expired.statusCode).toBe(410);
    const unknown = await t.request({
      method: "POST",
      url: "/api/auth/password-reset/confirm",
      payload: { token: "made-up", password: "a brand new password" },
    });
    expect(unknown.statusCode).toBe(410);
    t.setNow(null);
  });
});

describe("POST /api/me/password", () => {
  it("needs the current password, keeps this session and ends the others", async () => {
    const host = await signUpHost(t);
    const other = (await login(host.email, "correct horse battery")).json().token as string;
    const wrong = await t.request({
      method: "POST",
      url: "/api/me/password",
      headers: host.headers,
      payload: { currentPassword: "wrong one", newPassword: "a brand new password" },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ currentPassword: ["Wrong password."] });
    const changed = await t.request({
      method: "POST",
      url: "/api/me/password",
      headers: host.headers,
      payload: { currentPassword: "correct horse battery", newPassword: "a brand new password" },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect(
      (await t.request({ method: "GET", url: "/api/me", headers: host.headers })).statusCode,
    ).toBe(200);
    const otherSession = await t.request({
      method: "GET",
      url: "/api/me",
      headers: { authorization: `Bearer ${other}` },
    });
    expect(otherSession.statusCode).toBe(401);
    expect((await login(host.email, "a brand new password")).statusCode).toBe(200);
  });

  it("needs a signed-in user", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/me/password",
      payload: { currentPassword: "x", newPassword: "a brand new password" },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("the reset confirmation under attack", () => {
  it("limits confirmations per address; random tokens answer 410 until then", async () => {
    const attempt = () =>
      t.request({
        method: "POST",
        url: "/api/auth/password-reset/confirm",
        remoteAddress: "10.66.0.1",
        payload: { token: `random-${Math.random()}`, password: "a long new password" },
      });
    for (let i = 0; i < 20; i++) expect((await attempt()).statusCode).toBe(410);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: "Too many requests. Please try again later." });
  });
});
