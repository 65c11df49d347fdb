import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newSecret, tokenHash } from "../../auth/secrets";
import { authTokens, bookingFeeds, outbox } from "../../db/schema";
import type { MailPayload } from "../../mail/mailTypes";
import { type Host, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();
const PASSWORD = "correct horse battery";

async function lastLinkTo(email: string, template: string): Promise<string> {
  const rows = await t.database.db.select().from(outbox);
  const mail = rows
    .map((row) => row.payload as unknown as MailPayload & { data: { url: string } })
    .filter((p) => p.template === template && p.to.email.toLowerCase() === email.toLowerCase())
    .at(-1);
  expect(mail, `no ${template} mail to ${email}`).toBeDefined();
  return new URL(mail!.data.url).searchParams.get("token")!;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.request({ method: "GET", url, headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function createApiToken(host: Host) {
  const response = await t.request({
    method: "POST",
    url: "/api/me/tokens",
    headers: host.headers,
    payload: { name: "script" },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().token as string;
}

async function createFeed(host: Host) {
  const response = await t.request({
    method: "POST",
    url: "/api/me/booking-feed",
    headers: host.headers,
  });
  expect(response.statusCode, response.body).toBe(201);
  return new URL(response.json().url).pathname;
}

async function askEmailChange(host: Host, email: string) {
  const response = await t.request({
    method: "POST",
    url: "/api/me/email",
    headers: host.headers,
    payload: { email, currentPassword: PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(202);
  return lastLinkTo(email, "emailChange");
}

const confirmEmailChange = (token: string) =>
  t.request({ method: "POST", url: "/api/me/email/confirm", payload: { token } });

/** An API token and a feed as an unverified account could make them before it was refused. */
async function madeBeforeTheRule(userId: string) {
  const now = t.deps.clock();
  const apiToken = newSecret();
  await t.database.db.insert(authTokens).values({
    userId,
    kind: "api",
    name: "old",
    tokenHash: tokenHash(apiToken),
    expiresAt: new Date(now.getTime() + 90 * 86_400_000),
  });
  const feed = `${userId}.${newSecret()}`;
  await t.database.db.insert(bookingFeeds).values({ userId, tokenHash: tokenHash(feed) });
  return { apiToken, feed: `/api/booking-feed/${feed}.ics` };
}

/** Every credential a thief could hold on `host`'s account: a second session, a token, a feed. */
async function credentialsOf(host: Host) {
  const login = await t.request({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: host.email, password: PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  return {
    session: login.json().token as string,
    apiToken: await createApiToken(host),
    feed: await createFeed(host),
    emailChange: await askEmailChange(host, `elsewhere-${host.username}@example.com`),
  };
}

async function expectAllEnded(credentials: Awaited<ReturnType<typeof credentialsOf>>) {
  expect((await get("/api/me", bearer(credentials.session))).statusCode).toBe(401);
  expect((await get("/api/me", bearer(credentials.apiToken))).statusCode).toBe(401);
  expect((await get("/api/bookings", bearer(credentials.apiToken))).statusCode).toBe(401);
  expect((await get(credentials.feed)).statusCode).toBe(404);
  expect((await confirmEmailChange(credentials.emailChange)).statusCode).toBe(410);
}

describe("an address's owner taking over the account someone registered on it", () => {
  it("ends the squatter's token, feed and email change, and the reset verifies the address", async () => {
    const owner = `owner-${randomBytes(4).toString("hex")}@example.com`;
    const squatter = await signUpHost(t, { email: owner }, { verified: false });

    // Unverified, the squatter can make neither a token nor a feed any more.
    for (const url of ["/api/me/tokens", "/api/me/booking-feed"]) {
      const refused = await t.request({
        method: "POST",
        url,
        headers: squatter.headers,
        payload: { name: "mine" },
      });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toMatch(/verify your email address/i);
    }
    const { apiToken, feed } = await madeBeforeTheRule(squatter.id);
    expect((await get("/api/bookings", bearer(apiToken))).statusCode).toBe(200);
    expect((await get(feed)).statusCode).toBe(200);
    const emailChange = await askEmailChange(
      squatter,
      `elsewhere-${squatter.username}@example.com`,
    );

    const signUp = await t.request({
      method: "POST",
      url: "/api/auth/signup",
      payload: {
        email: owner,
        password: PASSWORD,
        name: "Owner",
        username: `o-${owner.slice(6, 14)}`,
      },
    });
    expect(signUp.statusCode).toBe(422);
    expect(signUp.json().errors.email).toEqual(["This email is already registered."]);
    await t.request({ method: "POST", url: "/api/auth/password-reset", payload: { email: owner } });
    const reset = await t.request({
      method: "POST",
      url: "/api/auth/password-reset/confirm",
      payload: { token: await lastLinkTo(owner, "passwordReset"), password: "the owner's own one" },
    });
    expect(reset.statusCode, reset.body).toBe(204);

    expect((await get("/api/me", squatter.headers)).statusCode).toBe(401);
    expect((await get("/api/bookings", bearer(apiToken))).statusCode).toBe(401);
    const patch = await t.request({
      method: "PATCH",
      url: "/api/me",
      headers: bearer(apiToken),
      payload: { name: "Still here" },
    });
    expect(patch.statusCode).toBe(401);
    expect((await get(feed)).statusCode).toBe(404);
    expect((await confirmEmailChange(emailChange)).statusCode).toBe(410);

    const login = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: owner, password: "the owner's own one" },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.emailVerified).toBe(true);
  });

  it("ends every credential of a verified account on a reset too", async () => {
    const host = await signUpHost(t);
    const credentials = await credentialsOf(host);
    await t.request({
      method: "POST",
      url: "/api/auth/password-reset",
      payload: { email: host.email },
    });
    const reset = await t.request({
      method: "POST",
      url: "/api/auth/password-reset/confirm",
      payload: { token: await lastLinkTo(host.email, "passwordReset"), password: "a new one!" },
    });
    expect(reset.statusCode, reset.body).toBe(204);
    await expectAllEnded(credentials);
    expect((await get("/api/me", host.headers)).statusCode).toBe(401);
  });
});

describe("changing the password while signed in", () => {
  it("keeps the session that made the change and ends every other credential", async () => {
    const host = await signUpHost(t);
    const credentials = await credentialsOf(host);
    const changed = await t.request({
      method: "POST",
      url: "/api/me/password",
      headers: host.headers,
      payload: { currentPassword: PASSWORD, newPassword: "a brand new password" },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    await expectAllEnded(credentials);
    expect((await get("/api/me", host.headers)).statusCode).toBe(200);
    expect(
      (await get("/api/me/tokens", host.headers)).json().tokens,
      "the token list is empty",
    ).toEqual([]);
  });
});
