import { describe, expect, it } from "vitest";
import { outbox } from "../../db/schema";
import { signUpHost } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/testApp";

const STRANGER = "203.0.113.9";

/** The sign-up link of the newest host invitation mailed to `email`. */
async function mailedLink(t: TestApp, email: string): Promise<URL> {
  const rows = await t.database.db.select().from(outbox);
  const mails = rows
    .map((row) => row.payload as { template: string; to: { email: string }; data: { url: string } })
    .filter((mail) => mail.template === "hostInvitation" && mail.to.email === email);
  expect(mails.length).toBeGreaterThan(0);
  return new URL(mails.at(-1)!.data.url);
}

const signUp = (t: TestApp, payload: Record<string, unknown>) =>
  t.request({ method: "POST", url: "/api/auth/signup", payload, remoteAddress: STRANGER });

const person = (email: string, username: string) => ({
  email,
  password: "correct horse battery",
  name: "Invited Host",
  username,
});

describe("the owner's invitations to host", () => {
  it("mail a sign-up link bound to the address; SIGNUP=invite lets it in, verified, once", async () => {
    const t = await createTestApp({ signup: "invite" });
    const owner = await signUpHost(t, { owner: true }, { verified: false });
    const uninvited = await signUp(t, person("uninvited@example.com", "uninvited"));
    expect(uninvited.statusCode).toBe(403);

    const invite = await t.request({
      method: "POST",
      url: "/api/host-invitations",
      headers: owner.headers,
      payload: { email: "new.host@example.com" },
    });
    expect(invite.statusCode, invite.body).toBe(201);
    expect(invite.json().invitation).toMatchObject({ email: "new.host@example.com" });
    const link = await mailedLink(t, "new.host@example.com");
    expect(invite.json().url).toBe(link.href);
    expect(`${link.origin}/`).toBe(`${t.deps.config.publicUrl}/`);
    const token = link.searchParams.get("invitation")!;
    expect(token.length).toBeGreaterThan(20);

    const listed = await t.request({
      method: "GET",
      url: "/api/host-invitations",
      headers: owner.headers,
    });
    expect(listed.json().invitations.map((i: { email: string }) => i.email)).toEqual([
      "new.host@example.com",
    ]);

    // The sign-up form learns the invited address from the link.
    const setup = await t.request({
      method: "GET",
      url: `/api/auth/setup?invitation=${encodeURIComponent(token)}`,
    });
    expect(setup.json().invitation).toEqual({ email: "new.host@example.com", teamName: null });

    // Another address with this link: refused, saying which address it is for.
    const other = await signUp(t, {
      ...person("someone.else@example.com", "someone-else"),
      invitation: token,
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.email[0]).toBe(
      "This invitation is for new.host@example.com. Sign up with that address.",
    );

    const joined = await signUp(t, {
      ...person("New.Host@example.com", "new-host"),
      invitation: token,
    });
    expect(joined.statusCode, joined.body).toBe(201);
    // The mailed link proved the address: published at once, no verification mail.
    expect(joined.json().user).toMatchObject({ emailVerified: true, role: "host" });
    const page = await t.request({ method: "GET", url: "/api/page/new-host" });
    expect(page.statusCode, page.body).toBe(200);

    // Used up: the link no longer works, and the list is empty.
    const after = await t.request({
      method: "GET",
      url: `/api/auth/setup?invitation=${encodeURIComponent(token)}`,
    });
    expect(after.json().invitation).toBeNull();
    const empty = await t.request({
      method: "GET",
      url: "/api/host-invitations",
      headers: owner.headers,
    });
    expect(empty.json().invitations).toEqual([]);
  });

  it("are the owner's alone; an address with an account is refused; revoked links stop working", async () => {
    const t = await createTestApp({ signup: "open" });
    const owner = await signUpHost(t, { owner: true }, { verified: false });
    const host = await signUpHost(t);
    const asHost = await t.request({
      method: "POST",
      url: "/api/host-invitations",
      headers: host.headers,
      payload: { email: "x@example.com" },
    });
    expect(asHost.statusCode).toBe(403);
    expect(asHost.json().message).toBe("Only the owner of this server can invite hosts.");
    expect(
      (await t.request({ method: "GET", url: "/api/host-invitations", headers: host.headers }))
        .statusCode,
    ).toBe(403);
    expect((await t.request({ method: "GET", url: "/api/host-invitations" })).statusCode).toBe(401);

    const existing = await t.request({
      method: "POST",
      url: "/api/host-invitations",
      headers: owner.headers,
      payload: { email: host.email },
    });
    expect(existing.statusCode).toBe(422);
    expect(existing.json().errors.email[0]).toBe("This address already has an account.");

    const bad = await t.request({
      method: "POST",
      url: "/api/host-invitations",
      headers: owner.headers,
      payload: { email: "not an address" },
    });
    expect(bad.statusCode).toBe(422);

    const sent = await t.request({
      method: "POST",
      url: "/api/host-invitations",
      headers: owner.headers,
      payload: { email: "gone@example.com" },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const token = (await mailedLink(t, "gone@example.com")).searchParams.get("invitation")!;
    const revoked = await t.request({
      method: "DELETE",
      url: `/api/host-invitations/${sent.json().invitation.id}`,
      headers: owner.headers,
    });
    expect(revoked.statusCode).toBe(204);
    const twice = await t.request({
      method: "DELETE",
      url: `/api/host-invitations/${sent.json().invitation.id}`,
      headers: owner.headers,
    });
    expect(twice.statusCode).toBe(404);
    const late = await signUp(t, { ...person("gone@example.com", "gone"), invitation: token });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.invitation[0]).toBe(
      "This invitation link is not valid anymore: it was used, it expired, or it was taken back. Ask for a new one.",
    );
  });
});
