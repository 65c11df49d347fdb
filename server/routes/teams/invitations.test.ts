import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventTypeHosts, teamInvitations } from "../../db/schema";
import type { MailPayload } from "../../mail/mailTypes";
import { BOOKING_NOW, bookingBody, bookOk, outboxMails } from "../../test/bookingFactories";
import { createEventType, createTeam, type Host, joinTeam, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();
// The server runs at BOOKING_NOW, whatever the date of the run.
t.setNow(BOOKING_NOW);

type InvitationMail = Extract<MailPayload, { template: "teamInvitation" }>;

async function invite(admin: Host, teamId: string, email: string, role = "member") {
  return t.request({
    method: "POST",
    url: `/api/teams/${teamId}/members`,
    headers: admin.headers,
    payload: { email, role },
  });
}

/** The last invitation mail to `email`, and the token of its link. */
async function invitationMail(email: string): Promise<{ mail: InvitationMail; token: string }> {
  const mails = (await outboxMails(t)).filter(
    (m): m is InvitationMail =>
      m.template === "teamInvitation" && m.to.email.toLowerCase() === email.toLowerCase(),
  );
  const mail = mails.at(-1)!;
  expect(mail, `an invitation mail to ${email}`).toBeDefined();
  const token = new URL(mail.data.url).searchParams.get("token")!;
  return { mail, token };
}

const byToken = (answer: "accept" | "decline", token: string, host?: Host) =>
  t.request({
    method: "POST",
    url: `/api/invitations/by-token/${answer}`,
    headers: host?.headers ?? {},
    payload: { token },
  });

const byId = (answer: "accept" | "decline", id: string, host: Host) =>
  t.request({ method: "POST", url: `/api/invitations/${id}/${answer}`, headers: host.headers });

const memberIds = async (host: Host, teamId: string) =>
  (await t.request({ method: "GET", url: `/api/teams/${teamId}`, headers: host.headers }))
    .json()
    .members.map((m: { userId: string }) => m.userId)
    .sort();

const myInvitations = async (host: Host) =>
  (await t.request({ method: "GET", url: "/api/me/invitations", headers: host.headers })).json()
    .invitations as { id: string; teamId: string; teamName: string; role: string }[];

describe("inviting", () => {
  it("answers alike whether or not the address has an account", async () => {
    const admin = await signUpHost(t, { language: "fr" });
    const known = await signUpHost(t, { language: "de" });
    const team = await createTeam(t, admin);
    const unknownEmail = `nobody-${randomUUID()}@example.com`;
    const toKnown = await invite(admin, team.id, known.email);
    const toUnknown = await invite(admin, team.id, unknownEmail);
    expect(toKnown.statusCode).toBe(201);
    expect(toUnknown.statusCode).toBe(toKnown.statusCode);
    const shape = (body: { invitation: Record<string, unknown> }) =>
      Object.fromEntries(
        Object.entries(body.invitation).map(([key, value]) => [
          key,
          key === "role" ? value : typeof value,
        ]),
      );
    expect(shape(toUnknown.json())).toEqual(shape(toKnown.json()));
    expect(Object.keys(toKnown.json())).toEqual(["invitation"]);
    expect(toUnknown.json().invitation).toMatchObject({ email: unknownEmail, role: "member" });

    // Each gets a mail: the known address in its owner's language, the unknown in the inviter's.
    const knownMail = await invitationMail(known.email);
    expect(knownMail.mail.language).toBe("de");
    expect(knownMail.mail.data).toMatchObject({ role: "member", days: 7 });
    expect(knownMail.mail.data.url).toMatch(
      /^http:\/\/localhost:3000\/dashboard\/invitation\?token=/,
    );
    expect((await invitationMail(unknownEmail)).mail.language).toBe("fr");

    // Neither is a member until they accept.
    expect(await memberIds(admin, team.id)).toEqual([admin.id]);
    const pending = await t.request({
      method: "GET",
      url: `/api/teams/${team.id}/invitations`,
      headers: admin.headers,
    });
    expect(pending.statusCode).toBe(200);
    expect(
      pending
        .json()
        .invitations.map((i: { email: string }) => i.email)
        .sort(),
    ).toEqual([known.email, unknownEmail].sort());
  });

  it("keeps only a hash of the token, and a new invitation replaces the unanswered one", async () => {
    const admin = await signUpHost(t);
    const invitee = await signUpHost(t);
    const team = await createTeam(t, admin);
    await invite(admin, team.id, invitee.email);
    const first = await invitationMail(invitee.email);
    await invite(admin, team.id, invitee.email.toUpperCase(), "admin");
    const second = await invitationMail(invitee.email);
    const rows = await t.database.db
      .select()
      .from(teamInvitations)
      .where(eq(teamInvitations.teamId, team.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.role).toBe("admin");
    expect(JSON.stringify(rows)).not.toContain(second.token.split(".")[1]);
    expect((await byToken("accept", first.token, invitee)).statusCode).toBe(410);
    expect((await byToken("accept", second.token, invitee)).statusCode).toBe(200);
    const team2 = await t.request({
      method: "GET",
      url: `/api/teams/${team.id}`,
      headers: invitee.headers,
    });
    expect(team2.json().role).toBe("admin");
  });

  it("lets only admins invite, list and revoke", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const outsider = await signUpHost(t);
    const team = await createTeam(t, admin, [member]);
    const invited = (await invite(admin, team.id, "someone@example.com")).json().invitation;
    expect((await invite(member, team.id, "x@example.com")).statusCode).toBe(403);
    expect((await invite(outsider, team.id, "x@example.com")).statusCode).toBe(404);
    for (const host of [member, outsider]) {
      const list = await t.request({
        method: "GET",
        url: `/api/teams/${team.id}/invitations`,
        headers: host.headers,
      });
      expect(list.statusCode).toBe(host === member ? 403 : 404);
      const revoke = await t.request({
        method: "DELETE",
        url: `/api/teams/${team.id}/invitations/${invited.id}`,
        headers: host.headers,
      });
      expect(revoke.statusCode).toBe(host === member ? 403 : 404);
    }
    expect((await invite(admin, team.id, member.email)).json().errors).toEqual({
      email: ["Already a member of this team."],
    });
  });
});

describe("answering", () => {
  it("accepts from the dashboard: listed for the invited account only, then a member", async () => {
    const admin = await signUpHost(t);
    const invitee = await signUpHost(t);
    const other = await signUpHost(t);
    const team = await createTeam(t, admin);
    const { invitation } = (await invite(admin, team.id, invitee.email)).json();
    expect(await myInvitations(other)).toEqual([]);
    expect(await myInvitations(invitee)).toEqual([
      expect.objectContaining({ id: invitation.id, teamId: team.id, role: "member" }),
    ]);
    expect((await byId("accept", invitation.id, other)).statusCode).toBe(404);
    const accepted = await byId("accept", invitation.id, invitee);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ teamId: team.id });
    expect(await memberIds(admin, team.id)).toEqual([admin.id, invitee.id].sort());
    expect(await myInvitations(invitee)).toEqual([]);
    expect((await byId("accept", invitation.id, invitee)).statusCode).toBe(410);
  });

  it("accepts with the mailed link once, signed in with the invited address", async () => {
    const admin = await signUpHost(t);
    const invitee = await signUpHost(t);
    const other = await signUpHost(t);
    const team = await createTeam(t, admin);
    await invite(admin, team.id, invitee.email);
    const { token } = await invitationMail(invitee.email);
    const lookup = await t.request({
      method: "POST",
      url: "/api/invitations/by-token",
      payload: { token },
    });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toMatchObject({ email: invitee.email, role: "member" });
    expect((await byToken("accept", token)).statusCode).toBe(401);
    const wrongAccount = await byToken("accept", token, other);
    expect(wrongAccount.statusCode).toBe(403);
    const tampered = `${token.split(".")[0]}.${"A".repeat(43)}`;
    expect((await byToken("accept", tampered, invitee)).statusCode).toBe(410);
    expect((await byToken("accept", "not-a-token", invitee)).statusCode).toBe(410);
    expect((await byToken("accept", token, invitee)).statusCode).toBe(200);
    expect(await memberIds(admin, team.id)).toEqual([admin.id, invitee.id].sort());
    const again = await byToken("accept", token, invitee);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(
      "This invitation is invalid, answered or expired. Please ask for a new one.",
    );
    const lookupAgain = await t.request({
      method: "POST",
      url: "/api/invitations/by-token",
      payload: { token },
    });
    expect(lookupAgain.statusCode).toBe(410);
  });

  it("lets an unknown address sign up with that email and accept through the link", async () => {
    const admin = await signUpHost(t);
    const team = await createTeam(t, admin);
    const email = `later-${randomUUID()}@example.com`;
    await invite(admin, team.id, email);
    const { token } = await invitationMail(email);
    const newcomer = await signUpHost(t, { email }, { verified: false });
    // Sign-up alone proves no address: only the mailed link, or a verified address, does.
    expect(await myInvitations(newcomer)).toEqual([]);
    expect((await byToken("accept", token, newcomer)).statusCode).toBe(200);
    expect(await memberIds(admin, team.id)).toEqual([admin.id, newcomer.id].sort());
  });

  it("shows an invitation in the dashboard only to a verified owner of the address", async () => {
    const admin = await signUpHost(t);
    const team = await createTeam(t, admin);
    const squatter = await signUpHost(t, {}, { verified: false });
    const { invitation } = (await invite(admin, team.id, squatter.email)).json();
    expect(await myInvitations(squatter)).toEqual([]);
    expect((await byId("accept", invitation.id, squatter)).statusCode).toBe(404);

    const email = `verified-later-${randomUUID()}@example.com`;
    const toLater = (await invite(admin, team.id, email)).json().invitation;
    const owner = await signUpHost(t, { email });
    expect((await myInvitations(owner)).map((i) => i.id)).toEqual([toLater.id]);
    expect((await byId("accept", toLater.id, owner)).statusCode).toBe(200);
    expect(await memberIds(admin, team.id)).toEqual([admin.id, owner.id].sort());
  });

  it("declines from the dashboard or with the link, without joining", async () => {
    const admin = await signUpHost(t);
    const first = await signUpHost(t);
    const team = await createTeam(t, admin);
    const { invitation } = (await invite(admin, team.id, first.email)).json();
    expect((await byId("decline", invitation.id, first)).statusCode).toBe(200);
    expect((await byId("accept", invitation.id, first)).statusCode).toBe(410);
    const email = `no-thanks-${randomUUID()}@example.com`;
    await invite(admin, team.id, email);
    const { token } = await invitationMail(email);
    expect((await byToken("decline", token)).statusCode).toBe(200);
    expect((await byToken("decline", token)).statusCode).toBe(410);
    expect(await memberIds(admin, team.id)).toEqual([admin.id]);
    const open = await t.request({
      method: "GET",
      url: `/api/teams/${team.id}/invitations`,
      headers: admin.headers,
    });
    expect(open.json().invitations).toEqual([]);
  });

  it("refuses a revoked or expired invitation", async () => {
    const admin = await signUpHost(t);
    const invitee = await signUpHost(t);
    const team = await createTeam(t, admin);
    const { invitation } = (await invite(admin, team.id, invitee.email)).json();
    const { token } = await invitationMail(invitee.email);
    const revoked = await t.request({
      method: "DELETE",
      url: `/api/teams/${team.id}/invitations/${invitation.id}`,
      headers: admin.headers,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await byToken("accept", token, invitee)).statusCode).toBe(410);
    expect((await byId("accept", invitation.id, invitee)).statusCode).toBe(404);

    const again = (await invite(admin, team.id, invitee.email)).json().invitation;
    const fresh = await invitationMail(invitee.email);
    t.setNow(new Date(BOOKING_NOW.getTime() + 7 * 86_400_000 + 60_000));
    try {
      expect(await myInvitations(invitee)).toEqual([]);
      expect((await byToken("accept", fresh.token, invitee)).statusCode).toBe(410);
      expect((await byId("accept", again.id, invitee)).statusCode).toBe(410);
      const list = await t.request({
        method: "GET",
        url: `/api/teams/${team.id}/invitations`,
        headers: admin.headers,
      });
      expect(list.json().invitations).toEqual([
        expect.objectContaining({ id: again.id, expired: true }),
      ]);
    } finally {
      t.setNow(BOOKING_NOW);
    }
    expect(await memberIds(admin, team.id)).toEqual([admin.id]);
  });
});

describe("what an invitation does not give", () => {
  it("refuses a pending invitee as host, as a field error", async () => {
    const admin = await signUpHost(t);
    const invitee = await signUpHost(t);
    const team = await createTeam(t, admin);
    await invite(admin, team.id, invitee.email);
    for (const [kind, extra, field] of [
      ["COLLECTIVE", { hosts: [admin.id, invitee.id].map((userId) => ({ userId })) }, "hosts"],
      ["FLEXI", { hostGroups: [{ mode: "ALL", userIds: [admin.id, invitee.id] }] }, "hostGroups"],
    ] as const) {
      const response = await t.request({
        method: "POST",
        url: "/api/event-types",
        headers: admin.headers,
        payload: {
          kind,
          title: "Team call",
          slug: `team-call-${kind.toLowerCase()}`,
          duration: 30,
          teamId: team.id,
          ...extra,
        },
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors).toEqual({
        [field]: ["Every host must be a member of the team."],
      });
    }
  });

  it("leaves a pending invitee's colours alone; the lock reaches them once they accept", async () => {
    const admin = await signUpHost(t);
    const invitee = await signUpHost(t);
    const team = await createTeam(t, admin);
    await t.request({
      method: "PATCH",
      url: "/api/me",
      headers: invitee.headers,
      payload: { profile: { backgroundColor: "FFFFFF" } },
    });
    const { invitation } = (await invite(admin, team.id, invitee.email)).json();
    await t.request({
      method: "PATCH",
      url: `/api/teams/${team.id}`,
      headers: admin.headers,
      payload: { colorsLocked: true, colors: { backgroundColor: "112233" } },
    });
    const before = (
      await t.request({ method: "GET", url: "/api/me", headers: invitee.headers })
    ).json();
    expect(before.colorsLockedBy).toBeNull();
    expect(before.profile.backgroundColor).toBe("FFFFFF");
    const own = await t.request({
      method: "PATCH",
      url: "/api/me",
      headers: invitee.headers,
      payload: { profile: { backgroundColor: "EEEEEE" } },
    });
    expect(own.statusCode).toBe(200);
    await byId("accept", invitation.id, invitee);
    const after = (
      await t.request({ method: "GET", url: "/api/me", headers: invitee.headers })
    ).json();
    expect(after.colorsLockedBy).toMatchObject({ teamId: team.id });
    expect(after.profile.backgroundColor).toBe("112233");
  });
});

describe("leaving", () => {
  it("lets a member leave: off the team's event types, booked meetings kept", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const third = await signUpHost(t);
    const team = await createTeam(t, admin, [member, third]);
    const type = (await createEventType(t, admin, {
      kind: "COLLECTIVE",
      teamId: team.id,
      hosts: [admin, member].map((h) => ({ userId: h.id, priority: 0 })),
    })) as { id: string; sharedLink: string };
    const flexi = (await createEventType(t, admin, {
      kind: "FLEXI",
      teamId: team.id,
      hostGroups: [
        { mode: "ALL", userIds: [admin.id] },
        { mode: "ANY", userIds: [member.id, third.id] },
      ],
    })) as { id: string };
    t.setNow(BOOKING_NOW);
    let booked: Awaited<ReturnType<typeof bookOk>>;
    try {
      booked = await bookOk(t, bookingBody({ sharedLink: type.sharedLink }));
    } finally {
      t.setNow(BOOKING_NOW);
    }
    expect(booked.event.hosts.map((h) => h.username).sort()).toEqual(
      [admin.username, member.username].sort(),
    );

    const left = await t.request({
      method: "DELETE",
      url: `/api/teams/${team.id}/members/me`,
      headers: member.headers,
    });
    expect(left.statusCode, left.body).toBe(204);
    expect(await memberIds(admin, team.id)).toEqual([admin.id, third.id].sort());
    const teamView = await t.request({
      method: "GET",
      url: `/api/teams/${team.id}`,
      headers: member.headers,
    });
    expect(teamView.statusCode).toBe(404);
    const hosts = await t.database.db
      .select({ userId: eventTypeHosts.userId })
      .from(eventTypeHosts)
      .where(eq(eventTypeHosts.userId, member.id));
    expect(hosts).toEqual([]);
    const flexiNow = (
      await t.request({
        method: "GET",
        url: `/api/event-types/${flexi.id}`,
        headers: admin.headers,
      })
    ).json();
    expect(flexiNow.hostGroups).toEqual([
      { mode: "ALL", userIds: [admin.id] },
      { mode: "ANY", userIds: [third.id] },
    ]);
    const bookings = await t.request({
      method: "GET",
      url: "/api/bookings?from=2027-01-01&to=2027-02-01",
      headers: member.headers,
    });
    expect(bookings.statusCode, bookings.body).toBe(200);
    expect(JSON.stringify(bookings.json())).toContain(booked.event.uuid);
  });

  it("keeps the last admin until they hand over, then lets them leave", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const team = await createTeam(t, admin, [member]);
    const leave = (host: Host) =>
      t.request({
        method: "DELETE",
        url: `/api/teams/${team.id}/members/me`,
        headers: host.headers,
      });
    const refused = await leave(admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("A team needs at least one admin.");
    await t.request({
      method: "PATCH",
      url: `/api/teams/${team.id}/members/${member.id}`,
      headers: admin.headers,
      payload: { role: "admin" },
    });
    expect((await leave(admin)).statusCode).toBe(204);
    expect(await memberIds(member, team.id)).toEqual([member.id]);
    expect((await leave(admin)).statusCode).toBe(404);
  });

  it("joins as admin when invited as one", async () => {
    const admin = await signUpHost(t);
    const second = await signUpHost(t);
    const team = await createTeam(t, admin);
    await joinTeam(t, admin, team.id, second, "admin");
    const view = await t.request({
      method: "GET",
      url: `/api/teams/${team.id}`,
      headers: second.headers,
    });
    expect(view.json().role).toBe("admin");
  });
});
