import { describe, expect, it } from "vitest";
import { API_TOKEN_DEFAULT_DAYS, API_TOKEN_MAX_DAYS } from "../../../core/api/tokens";
import { DAY_MS } from "../../../core/time/durations";
import { type Host, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();
const NOW = new Date("2026-03-02T09:00:00Z");

const create = (host: Host, payload: Record<string, unknown>, headers = {}) =>
  t.request({
    method: "POST",
    url: "/api/me/tokens",
    headers: { ...host.headers, ...headers },
    payload,
  });

const list = async (host: Host) =>
  (await t.request({ method: "GET", url: "/api/me/tokens", headers: host.headers })).json()
    .tokens as { id: string; expiresAt: string; lastUsedAt: string | null }[];

const meWith = (token: string) =>
  t.request({ method: "GET", url: "/api/me", headers: { authorization: `Bearer ${token}` } });

describe("API tokens", () => {
  it("creates a named token that authenticates, lists it without its secret, and revokes it", async () => {
    const host = await signUpHost(t);
    const created = await t.request({
      method: "POST",
      url: "/api/me/tokens",
      headers: host.headers,
      payload: { name: "CRM sync" },
    });
    expect(created.statusCode).toBe(201);
    const { id, token } = created.json();
    const asScript = { authorization: `Bearer ${token}` };
    const me = await t.request({ method: "GET", url: "/api/me", headers: asScript });
    expect(me.json().user.id).toBe(host.id);

    const list = await t.request({ method: "GET", url: "/api/me/tokens", headers: host.headers });
    expect(list.json().tokens).toEqual([
      {
        id,
        name: "CRM sync",
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
        lastUsedAt: expect.any(String),
      },
    ]);
    expect(list.body).not.toContain(token);
    const stored = await t.database.query<{ token_hash: string }>(
      "select token_hash from auth_tokens where id = $1",
      [id],
    );
    expect(stored[0]!.token_hash).not.toBe(token);

    expect(
      (await t.request({ method: "DELETE", url: `/api/me/tokens/${id}`, headers: host.headers }))
        .statusCode,
    ).toBe(204);
    expect((await t.request({ method: "GET", url: "/api/me", headers: asScript })).statusCode).toBe(
      401,
    );
  });

  it("cannot list or revoke another host's tokens", async () => {
    const owner = await signUpHost(t);
    const other = await signUpHost(t);
    const { id, token } = (
      await t.request({
        method: "POST",
        url: "/api/me/tokens",
        headers: owner.headers,
        payload: { name: "mine" },
      })
    ).json();
    expect(
      (await t.request({ method: "GET", url: "/api/me/tokens", headers: other.headers })).json()
        .tokens,
    ).toEqual([]);
    expect(
      (await t.request({ method: "DELETE", url: `/api/me/tokens/${id}`, headers: other.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.request({
          method: "GET",
          url: "/api/me",
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(200);
  });

  it("needs a name", async () => {
    const host = await signUpHost(t);
    const response = await t.request({
      method: "POST",
      url: "/api/me/tokens",
      headers: host.headers,
      payload: { name: " " },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ name: ["Required"] });
  });

  it("refuses a token to a host whose address is not verified, in their language", async () => {
    const host = await signUpHost(t, {}, { verified: false });
    const english = await create(host, { name: "mine" });
    expect(english.statusCode).toBe(403);
    expect(english.json().message).toBe(
      "Verify your email address first: open the link we sent you, or ask for a new one.",
    );
    const german = await create(host, { name: "mine" }, { "accept-language": "de" });
    expect(german.statusCode).toBe(403);
    expect(german.json().message).toMatch(/^Bestätigen Sie zuerst Ihre E-Mail-Adresse/);
    expect(await list(host)).toEqual([]);
  });
});

describe("API token lifetime", () => {
  it("expires after the default lifetime, or the one asked for, and then answers 401", async () => {
    t.setNow(NOW);
    const host = await signUpHost(t);
    const byDefault = (await create(host, { name: "default" })).json();
    expect(byDefault.expiresAt).toBe(
      new Date(NOW.getTime() + API_TOKEN_DEFAULT_DAYS * DAY_MS).toISOString(),
    );
    const week = await create(host, { name: "a week", expiresInDays: 7 });
    expect(week.statusCode).toBe(201);
    expect(week.json().expiresAt).toBe(new Date(NOW.getTime() + 7 * DAY_MS).toISOString());

    t.setNow(new Date(NOW.getTime() + 7 * DAY_MS - 1000));
    expect((await meWith(week.json().token)).statusCode).toBe(200);
    t.setNow(new Date(NOW.getTime() + 7 * DAY_MS));
    expect((await meWith(week.json().token)).statusCode).toBe(401);
    expect((await meWith(byDefault.token)).statusCode).toBe(200);
    t.setNow(new Date(NOW.getTime() + API_TOKEN_DEFAULT_DAYS * DAY_MS));
    expect((await meWith(byDefault.token)).statusCode).toBe(401);
    t.setNow(null);
  });

  it("refuses a lifetime of less than a day, more than the maximum or a fraction", async () => {
    const host = await signUpHost(t);
    for (const expiresInDays of [0, API_TOKEN_MAX_DAYS + 1, 1.5, "30"]) {
      const response = await create(host, { name: "x", expiresInDays });
      expect(response.statusCode, String(expiresInDays)).toBe(422);
      expect(response.json().errors).toEqual({
        expiresInDays: [`An API token can last from 1 to ${API_TOKEN_MAX_DAYS} days.`],
      });
    }
    expect((await create(host, { name: "x", expiresInDays: API_TOKEN_MAX_DAYS })).statusCode).toBe(
      201,
    );
  });

  it("shows when a token was last used, written at most once a minute", async () => {
    t.setNow(NOW);
    const host = await signUpHost(t);
    const { id, token } = (await create(host, { name: "sync" })).json();
    const lastUse = async () => (await list(host)).find((row) => row.id === id)!.lastUsedAt;
    expect(await lastUse()).toBeNull();

    expect((await meWith(token)).statusCode).toBe(200);
    expect(await lastUse()).toBe(NOW.toISOString());
    t.setNow(new Date(NOW.getTime() + 59_000));
    expect((await meWith(token)).statusCode).toBe(200);
    expect(await lastUse(), "not written again within the minute").toBe(NOW.toISOString());
    const later = new Date(NOW.getTime() + 60_000);
    t.setNow(later);
    expect((await meWith(token)).statusCode).toBe(200);
    expect(await lastUse()).toBe(later.toISOString());
    t.setNow(null);
  });
});
