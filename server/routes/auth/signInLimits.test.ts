import { describe, expect, it } from "vitest";
import { ACCOUNT_FREE_FAILURES, LOGIN_MAX_FAILURES } from "../../auth/loginThrottle";
import { signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

// The server runs at NOW, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");
const t = await createTestApp();
t.setNow(NOW);

const login = (
  payload: { email: string; password: string },
  options: { remoteAddress?: string; headers?: Record<string, string> } = {},
) => t.request({ method: "POST", url: "/api/auth/login", payload, ...options });

function deviceCookie(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = list.find((c) => c.startsWith("slotted_device="));
  if (!found) throw new Error("no device cookie");
  expect(found).toMatch(/HttpOnly/i);
  return found.split(";")[0]!;
}

describe("sign-in limits", () => {
  it("slows many addresses guessing one account, yet its owner's browser signs in at once", async () => {
    // The clock stands still: on a busy machine a password hash takes longer than the first
    // delays, which would then have passed by the next attempt.
    const start = NOW;
    t.setNow(start);
    await signUpHost(t, { email: "owner@example.com", password: "the right one" });
    const known = await login(
      { email: "owner@example.com", password: "the right one" },
      { remoteAddress: "192.0.2.1" },
    );
    expect(known.statusCode).toBe(200);
    const cookie = deviceCookie(known.headers["set-cookie"]);

    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      const r = await login(
        { email: "owner@example.com", password: `guess ${i}` },
        { remoteAddress: `10.0.0.${i + 1}` },
      );
      // The first failures are free; then each waits a growing delay, so the rest are refused.
      expect(r.statusCode).toBe(i < ACCOUNT_FREE_FAILURES ? 401 : 429);
    }
    const stranger = await login(
      { email: "owner@example.com", password: "the right one" },
      { remoteAddress: "10.0.1.1" },
    );
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toMatch(/Too many failed sign-in attempts/);

    // Same address as the attacks would not matter either: the device is counted on its own.
    const owner = await login(
      { email: "owner@example.com", password: "the right one" },
      { remoteAddress: "10.0.0.1", headers: { cookie } },
    );
    expect(owner.statusCode).toBe(200);

    t.setNow(new Date(start.getTime() + 16 * 60_000));
    const later = await login(
      { email: "owner@example.com", password: "the right one" },
      { remoteAddress: "10.0.1.1" },
    );
    t.setNow(NOW);
    expect(later.statusCode).toBe(200);
  });

  it("lets the delay grow with each failure, and a device cookie only for the account it signed in to", async () => {
    await signUpHost(t, { email: "a@example.com", password: "password a" });
    await signUpHost(t, { email: "b@example.com", password: "password b" });
    const a = await login({ email: "a@example.com", password: "password a" });
    const cookie = deviceCookie(a.headers["set-cookie"]);
    const start = NOW.getTime();
    let now = start;
    for (let i = 0; i < ACCOUNT_FREE_FAILURES + 2; i++) {
      t.setNow(new Date(now));
      const r = await login(
        { email: "b@example.com", password: "wrong" },
        { remoteAddress: `10.2.0.${i}`, headers: { cookie } },
      );
      expect(r.statusCode).toBe(401);
      // After the free failures the next attempt waits 1 s, then 2 s, …
      now += i + 1 >= ACCOUNT_FREE_FAILURES ? 1000 * 2 ** (i + 1 - ACCOUNT_FREE_FAILURES) : 0;
    }
    t.setNow(new Date(now - 500));
    const early = await login(
      { email: "b@example.com", password: "password b" },
      { remoteAddress: "10.2.1.1", headers: { cookie } },
    );
    expect(early.statusCode).toBe(429);
    t.setNow(new Date(now));
    const onTime = await login(
      { email: "b@example.com", password: "password b" },
      { remoteAddress: "10.2.1.1" },
    );
    t.setNow(NOW);
    expect(onTime.statusCode).toBe(200);
  });

  it("limits one address trying many accounts, whatever X-Forwarded-For it sends", async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      await login(
        { email: `spray${i}@example.com`, password: "guess guess" },
        { remoteAddress: "10.9.9.9", headers: { "x-forwarded-for": `198.51.100.${i}` } },
      );
    }
    const blocked = await login(
      { email: "spray-last@example.com", password: "guess guess" },
      { remoteAddress: "10.9.9.9", headers: { "x-forwarded-for": "198.51.100.200" } },
    );
    expect(blocked.statusCode).toBe(429);
    // Another client is not locked out by it.
    const other = await login(
      { email: "spray-last@example.com", password: "guess guess" },
      { remoteAddress: "10.9.9.10" },
    );
    expect(other.statusCode).toBe(401);
  });
});

describe("behind a configured proxy", async () => {
  const proxied = await createTestApp({ trustProxy: ["10.8.0.1"] });
  proxied.setNow(NOW);
  const attempt = (remoteAddress: string, client: string, email: string) =>
    proxied.request({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress,
      headers: { "x-forwarded-for": client },
      payload: { email, password: "guess guess" },
    });

  it("counts each forwarded client on its own, and believes only the configured proxy", async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await attempt("10.8.0.1", "203.0.113.5", `spray${i}@example.com`)).statusCode).toBe(
        401,
      );
    }
    expect((await attempt("10.8.0.1", "203.0.113.5", "last@example.com")).statusCode).toBe(429);
    // Another client behind the same proxy is not locked out by it.
    expect((await attempt("10.8.0.1", "203.0.113.6", "last@example.com")).statusCode).toBe(401);
    // A sender that is not the proxy cannot claim to be the locked-out client, nor anyone else.
    expect((await attempt("10.7.7.7", "203.0.113.5", "last@example.com")).statusCode).toBe(401);
  });
});
