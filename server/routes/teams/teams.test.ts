import { describe, expect, it } from "vitest";
import { createTeam, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();

describe("teams", () => {
  it("creates a team whose creator is admin, and adds members who accept by email", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const created = await t.request({
      method: "POST",
      url: "/api/teams",
      headers: admin.headers,
      payload: { name: "Sales", slug: "Sales-EU" },
    });
    expect(created.statusCode).toBe(201);
    const team = created.json();
    expect(team).toMatchObject({
      name: "Sales",
      slug: "sales-eu",
      role: "admin",
      colorsLocked: false,
    });
    const invited = await t.request({
      method: "POST",
      url: `/api/teams/${team.id}/members`,
      headers: admin.headers,
      payload: { email: member.email.toUpperCase() },
    });
    expect(invited.statusCode).toBe(201);
    const accepted = await t.request({
      method: "POST",
      url: `/api/invitations/${invited.json().invitation.id}/accept`,
      headers: member.headers,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const added = await t.request({
      method: "GET",
      url: `/api/teams/${team.id}`,
      headers: admin.headers,
    });
    expect(
      added
        .json()
        .members.map((m: { userId: string; role: string }) => [m.userId, m.role])
        .sort(),
    ).toEqual(
      [
        [admin.id, "admin"],
        [member.id, "member"],
      ].sort(),
    );
    const memberView = await t.request({
      method: "GET",
      url: "/api/teams",
      headers: member.headers,
    });
    expect(memberView.json().teams).toEqual([
      expect.objectContaining({ id: team.id, role: "member" }),
    ]);
  });

  it("invites unknown emails like known ones, and refuses members and taken slugs", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const team = await createTeam(t, admin, [member]);
    const unknown = await t.request({
      method: "POST",
      url: `/api/teams/${team.id}/members`,
      headers: admin.headers,
      payload: { email: "nobody@example.com" },
    });
    expect(unknown.statusCode).toBe(201);
    expect(unknown.json().invitation).toMatchObject({ email: "nobody@example.com" });
    const twice = await t.request({
      method: "POST",
      url: `/api/teams/${team.id}/members`,
      headers: admin.headers,
      payload: { email: member.email },
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ email: ["Already a member of this team."] });
    const slug = await t.request({
      method: "POST",
      url: "/api/teams",
      headers: admin.headers,
      payload: { name: "Again", slug: team.slug },
    });
    expect(slug.statusCode).toBe(422);
    expect(slug.json().errors).toEqual({ slug: ["This team link is already in use."] });
  });

  it("lets only admins add members or lock colours, and hides the team from outsiders", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const outsider = await signUpHost(t);
    const team = await createTeam(t, admin, [member]);
    const byMember = await t.request({
      method: "POST",
      url: `/api/teams/${team.id}/members`,
      headers: member.headers,
      payload: { email: outsider.email },
    });
    expect(byMember.statusCode).toBe(403);
    const lockByMember = await t.request({
      method: "PATCH",
      url: `/api/teams/${team.id}`,
      headers: member.headers,
      payload: { colorsLocked: true },
    });
    expect(lockByMember.statusCode).toBe(403);
    const lock = await t.request({
      method: "PATCH",
      url: `/api/teams/${team.id}`,
      headers: admin.headers,
      payload: { colorsLocked: true },
    });
    expect(lock.json().colorsLocked).toBe(true);
    for (const [method, url] of [
      ["GET", `/api/teams/${team.id}`],
      ["PATCH", `/api/teams/${team.id}`],
      ["POST", `/api/teams/${team.id}/members`],
      ["DELETE", `/api/teams/${team.id}/members/${member.id}`],
    ] as const) {
      const response = await t.request({
        method,
        url,
        headers: outsider.headers,
        payload:
          method === "GET" || method === "DELETE"
            ? undefined
            : { name: "x", email: outsider.email },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(
      (await t.request({ method: "GET", url: "/api/teams", headers: outsider.headers })).json()
        .teams,
    ).toEqual([]);
  });

  it("lets only admins remove members or list and change roles, never plain members", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const other = await signUpHost(t);
    const team = await createTeam(t, admin, [member, other]);
    const removeByMember = await t.request({
      method: "DELETE",
      url: `/api/teams/${team.id}/members/${other.id}`,
      headers: member.headers,
    });
    expect(removeByMember.statusCode).toBe(403);
    expect(removeByMember.json().message).toBe("Only team admins can do this.");
    const listByMember = await t.request({
      method: "GET",
      url: `/api/teams/${team.id}/invitations`,
      headers: member.headers,
    });
    expect(listByMember.statusCode).toBe(403);
    const readByMember = await t.request({
      method: "GET",
      url: `/api/teams/${team.id}`,
      headers: member.headers,
    });
    expect(readByMember.statusCode).toBe(200);
  });

  it("removes members but never the last admin", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const team = await createTeam(t, admin, [member]);
    const last = await t.request({
      method: "DELETE",
      url: `/api/teams/${team.id}/members/${admin.id}`,
      headers: admin.headers,
    });
    expect(last.statusCode).toBe(409);
    const removed = await t.request({
      method: "DELETE",
      url: `/api/teams/${team.id}/members/${member.id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(
      (await t.request({ method: "GET", url: `/api/teams/${team.id}`, headers: member.headers }))
        .statusCode,
    ).toBe(404);
  });
});

describe("member roles and locked brand colours", () => {
  it("lets admins change roles but never leaves a team without an admin", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const outsider = await signUpHost(t);
    const team = await createTeam(t, admin, [member]);
    const url = `/api/teams/${team.id}/members/${member.id}`;
    const byMember = await t.request({
      method: "PATCH",
      url,
      headers: member.headers,
      payload: { role: "admin" },
    });
    expect(byMember.statusCode).toBe(403);
    const byOutsider = await t.request({
      method: "PATCH",
      url,
      headers: outsider.headers,
      payload: { role: "admin" },
    });
    expect(byOutsider.statusCode).toBe(404);
    const promoted = await t.request({
      method: "PATCH",
      url,
      headers: admin.headers,
      payload: { role: "admin" },
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().members).toContainEqual(
      expect.objectContaining({ userId: member.id, role: "admin" }),
    );
    await t.request({
      method: "PATCH",
      url: `/api/teams/${team.id}/members/${admin.id}`,
      headers: member.headers,
      payload: { role: "member" },
    });
    const lastAdmin = await t.request({
      method: "PATCH",
      url,
      headers: member.headers,
      payload: { role: "member" },
    });
    expect(lastAdmin.statusCode).toBe(409);
  });

  it("gives members the team's colours while locked and refuses their own changes", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const team = await createTeam(t, admin, [member]);
    const locked = await t.request({
      method: "PATCH",
      url: `/api/teams/${team.id}`,
      headers: admin.headers,
      payload: {
        colorsLocked: true,
        colors: { backgroundColor: "#112233", primaryColor: "aabbcc" },
      },
    });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json().colors).toEqual({
      backgroundColor: "112233",
      textColor: null,
      primaryColor: "AABBCC",
    });
    const me = (await t.request({ method: "GET", url: "/api/me", headers: member.headers })).json();
    expect(me.colorsLockedBy).toEqual({ teamId: team.id, teamName: expect.any(String) });
    expect(me.profile).toMatchObject({ backgroundColor: "112233", primaryColor: "AABBCC" });
    const change = await t.request({
      method: "PATCH",
      url: "/api/me",
      headers: member.headers,
      payload: { profile: { backgroundColor: "FFFFFF" } },
    });
    expect(change.statusCode).toBe(403);
    expect(change.json().message).toBe("Colors are locked by your admin");
    const same = await t.request({
      method: "PATCH",
      url: "/api/me",
      headers: member.headers,
      payload: { profile: { backgroundColor: "112233", welcomeMessage: "Hi" } },
    });
    expect(same.statusCode).toBe(200);
    const adminChange = await t.request({
      method: "PATCH",
      url: "/api/me",
      headers: admin.headers,
      payload: { profile: { backgroundColor: "FFFFFF" } },
    });
    expect(adminChange.statusCode).toBe(200);
    await t.request({
      method: "PATCH",
      url: `/api/teams/${team.id}`,
      headers: admin.headers,
      payload: { colorsLocked: false },
    });
    const free = await t.request({
      method: "PATCH",
      url: "/api/me",
      headers: member.headers,
      payload: { profile: { backgroundColor: "FFFFFF" } },
    });
    expect(free.statusCode).toBe(200);
  });
});
