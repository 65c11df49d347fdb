import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { singleUseLinks } from "../../db/schema";
import { createEventType, createTeam, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();

describe("single-use links", () => {
  it("creates links under /S/, lists them as used or unused and revokes unused ones", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const url = `/api/event-types/${type.id}/single-use-links`;
    const first = await t.request({ method: "POST", url, headers: host.headers });
    expect(first.statusCode, first.body).toBe(201);
    const link = first.json();
    expect(link).toMatchObject({ usedAt: null, eventId: null });
    expect(link.link).toMatch(/^[2-9a-zA-Z]{16}$/);
    expect(link.url).toBe(`http://localhost:3000/S/${link.link}`);
    const second = (await t.request({ method: "POST", url, headers: host.headers })).json();
    expect(second.link).not.toBe(link.link);

    await t.database.db
      .update(singleUseLinks)
      .set({ usedAt: new Date("2027-01-04T06:00:00Z") })
      .where(eq(singleUseLinks.id, link.id));
    const all = (await t.request({ method: "GET", url, headers: host.headers })).json();
    expect(all.links.map((l: { id: string }) => l.id).sort()).toEqual([link.id, second.id].sort());
    const used = await t.request({
      method: "GET",
      url: `${url}?status=used`,
      headers: host.headers,
    });
    expect(used.json().links).toEqual([expect.objectContaining({ id: link.id })]);
    expect(used.json().links[0].usedAt).not.toBeNull();
    const unused = await t.request({
      method: "GET",
      url: `${url}?status=unused`,
      headers: host.headers,
    });
    expect(unused.json().links).toEqual([expect.objectContaining({ id: second.id })]);

    const revokeUsed = await t.request({
      method: "DELETE",
      url: `${url}/${link.id}`,
      headers: host.headers,
    });
    expect(revokeUsed.statusCode).toBe(409);
    const revoke = await t.request({
      method: "DELETE",
      url: `${url}/${second.id}`,
      headers: host.headers,
    });
    expect(revoke.statusCode).toBe(204);
    const after = (await t.request({ method: "GET", url, headers: host.headers })).json();
    expect(after.links).toHaveLength(1);
  });

  it("hides another host's links (404), refuses team members who are not admins (403)", async () => {
    const owner = await signUpHost(t);
    const stranger = await signUpHost(t);
    const type = await createEventType(t, owner);
    const url = `/api/event-types/${type.id}/single-use-links`;
    const { id } = (await t.request({ method: "POST", url, headers: owner.headers })).json();
    for (const [method, path] of [
      ["POST", url],
      ["GET", url],
      ["DELETE", `${url}/${id}`],
    ] as const) {
      const response = await t.request({ method, url: path, headers: stranger.headers });
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await t.request({ method: "GET", url })).statusCode).toBe(401);

    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const team = await createTeam(t, admin, [member]);
    const teamType = await createEventType(t, admin, {
      kind: "ROUND_ROBIN",
      teamId: team.id,
      hosts: [{ userId: admin.id }, { userId: member.id }],
    });
    const teamUrl = `/api/event-types/${teamType.id}/single-use-links`;
    const byMember = await t.request({ method: "POST", url: teamUrl, headers: member.headers });
    expect(byMember.statusCode).toBe(403);
    const byAdmin = await t.request({ method: "POST", url: teamUrl, headers: admin.headers });
    expect(byAdmin.statusCode).toBe(201);
  });

  it("answers 404 for an unknown event type or link", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const url of [
      `/api/event-types/${missing}/single-use-links`,
      `/api/event-types/not-a-uuid/single-use-links`,
    ]) {
      expect((await t.request({ method: "POST", url, headers: host.headers })).statusCode).toBe(
        404,
      );
    }
    const link = await t.request({
      method: "DELETE",
      url: `/api/event-types/${type.id}/single-use-links/${missing}`,
      headers: host.headers,
    });
    expect(link.statusCode).toBe(404);
  });
});
