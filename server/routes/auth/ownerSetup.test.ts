import { describe, expect, it } from "vitest";
import { ownerSetupToken } from "../../auth/ownerSetup";
import { outbox } from "../../db/schema";
import { createTeam, signUpHost } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/testApp";

const STRANGER = "203.0.113.7";
let counter = 0;
const body = (overrides: Record<string, unknown> = {}) => {
  counter += 1;
  return {
    email: `owner-${counter}@example.com`,
    password: "correct horse battery",
    name: `Owner ${counter}`,
    username: `owner-${counter}`,
    ...overrides,
  };
};

function signUp(
  t: TestApp,
  payload: Record<string, unknown>,
  from: { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  return t.request({ method: "POST", url: "/api/auth/signup", payload, ...from });
}

async function setupStatus(t: TestApp, from: { remoteAddress?: string; token?: string } = {}) {
  const response = await t.request({
    method: "GET",
    url: `/api/auth/setup${from.token ? `?token=${encodeURIComponent(from.token)}` : ""}`,
    ...(from.remoteAddress ? { remoteAddress: from.remoteAddress } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The verification mails queued to `email`. */
async function verificationMails(t: TestApp, email: string) {
  const rows = await t.database.db.select().from(outbox);
  return rows.filter(
    (row) =>
      (row.payload as { template: string }).template === "emailVerification" &&
      (row.payload as { to: { email: string } }).to.email === email,
  );
}

describe("the instance's owner", () => {
  it("is the first account asked for from this machine: verified at sign-up, no mail needed", async () => {
    const t = await createTestApp();
    expect(await setupStatus(t, { remoteAddress: STRANGER })).toEqual({
      ownerSetup: false,
      signup: "open",
      sendsMail: false,
      takesPayments: false,
      invitation: null,
    });
    expect((await setupStatus(t)).ownerSetup).toBe(true);
    // A proxy on this machine forwarding a stranger does not count as this machine.
    const forwarded = await signUp(t, body({ owner: true }), {
      headers: { "x-forwarded-for": STRANGER },
    });
    expect(forwarded.statusCode, forwarded.body).toBe(201);
    expect(forwarded.json().user).toMatchObject({ emailVerified: false, role: "host" });

    const owner = await signUp(t, body({ owner: true }));
    expect(owner.statusCode, owner.body).toBe(201);
    expect(owner.json().user).toMatchObject({ emailVerified: true, role: "admin" });
    expect(await verificationMails(t, owner.json().user.email)).toEqual([]);
    // Published at once: the owner's page answers.
    const page = await t.request({ method: "GET", url: `/api/page/${owner.json().user.username}` });
    expect(page.statusCode, page.body).toBe(200);

    // There is one owner: the next asks in vain and verifies by mail.
    expect((await setupStatus(t)).ownerSetup).toBe(false);
    const second = await signUp(t, body({ owner: true }));
    expect(second.json().user).toMatchObject({ emailVerified: false, role: "host" });
    expect(await verificationMails(t, second.json().user.email)).toHaveLength(1);
  });

  it("is claimed from elsewhere only with the setup link's token", async () => {
    const t = await createTestApp();
    const stranger = await signUp(t, body({ owner: true }), { remoteAddress: STRANGER });
    expect(stranger.json().user).toMatchObject({ emailVerified: false, role: "host" });
    const wrong = await signUp(t, body({ owner: true, setupToken: "guess" }), {
      remoteAddress: STRANGER,
    });
    expect(wrong.json().user).toMatchObject({ emailVerified: false, role: "host" });

    const token = ownerSetupToken(t.deps.config.sessionSecret);
    expect((await setupStatus(t, { remoteAddress: STRANGER, token })).ownerSetup).toBe(true);
    const owner = await signUp(t, body({ owner: true, setupToken: token }), {
      remoteAddress: STRANGER,
    });
    expect(owner.statusCode, owner.body).toBe(201);
    expect(owner.json().user).toMatchObject({ emailVerified: true, role: "admin" });
    // Used once: the link makes no second owner.
    const again = await signUp(t, body({ owner: true, setupToken: token }), {
      remoteAddress: STRANGER,
    });
    expect(again.json().user).toMatchObject({ emailVerified: false, role: "host" });
  });
});

describe("SIGNUP", () => {
  it("closed: nobody but the owner signs up, with a clear 403", async () => {
    const t = await createTestApp({ signup: "closed" });
    expect((await setupStatus(t)).signup).toBe("closed");
    const refused = await signUp(t, body(), { remoteAddress: STRANGER });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      "Sign-up is closed on this server. Ask its owner for an account.",
    );
    const owner = await signUp(t, body({ owner: true }));
    expect(owner.statusCode, owner.body).toBe(201);
    expect((await signUp(t, body())).statusCode).toBe(403);
  });

  it("invite: only an address with a pending team invitation signs up", async () => {
    const t = await createTestApp({ signup: "invite" });
    const owner = await signUpHost(t, { owner: true }, { verified: false });
    const team = await createTeam(t, owner);
    const invited = body();
    const invite = await t.request({
      method: "POST",
      url: `/api/teams/${team.id}/members`,
      headers: owner.headers,
      payload: { email: invited.email, role: "member" },
    });
    expect(invite.statusCode, invite.body).toBe(201);

    const uninvited = await signUp(t, body(), { remoteAddress: STRANGER });
    expect(uninvited.statusCode).toBe(403);
    expect(uninvited.json().message).toBe(
      "Sign-up on this server is by invitation only. Use the address you were invited with.",
    );
    const joined = await signUp(
      t,
      { ...invited, email: invited.email.toUpperCase() },
      {
        remoteAddress: STRANGER,
      },
    );
    expect(joined.statusCode, joined.body).toBe(201);
  });
});
