import { describe, expect, it } from "vitest";
import { signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();

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
    expect(list.json().tokens).toEqual([{ id, name: "CRM sync", createdAt: expect.any(String) }]);
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
});
