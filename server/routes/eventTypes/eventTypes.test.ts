import { describe, expect, it } from "vitest";
import {
  createEventType,
  createTeam,
  eventTypeBody,
  type Host,
  signUpHost,
} from "../../test/factories";
import { createTestApp } from "../../test/testApp";

// Card payments set up, so event types may have a price (nothing here calls Stripe);
// payments.test.ts covers a server without them.
const t = await createTestApp({
  stripe: { secretKey: "sk_test_x", publishableKey: "pk_test_x", webhookSecret: null },
});

const post = (host: Host, payload: object) =>
  t.request({ method: "POST", url: "/api/event-types", headers: host.headers, payload });

describe("personal event types", () => {
  it("creates a one-on-one with every field and reads it back by DESIGN's names", async () => {
    const host = await signUpHost(t);
    const schedules = (
      await t.request({ method: "GET", url: "/api/schedules", headers: host.headers })
    ).json().schedules;
    const body = eventTypeBody({
      title: "Consultation",
      slug: "consult",
      description: "Let's talk.",
      duration: 30,
      durations: [15, 30, 60],
      scheduleId: schedules[0].id,
      locations: [
        { type: "IN_PERSON", options: { address: "Main St 1" } },
        { type: "PHONE_CALL", options: { direction: "HOST_CALLS_INVITEE" } },
        { type: "GOOGLE_MEET", options: { url: "https://meet.example.com/abc" } },
      ],
      bufferBefore: 10,
      bufferAfter: 5,
      minimumNotice: 120,
      maxDaysAhead: 30,
      slotStep: 15,
      dailyLimit: 4,
      questions: [
        { id: "topic", type: "SHORT_TEXT", label: "Topic", required: true },
        { id: "size", type: "SINGLE_CHOICE", label: "Company size", options: ["1-10", "11+"] },
      ],
      price: { amount: 5000, currency: "EUR" },
      requiresEmailVerification: true,
      redirectUrl: "https://example.com/thanks",
      redirectSeconds: 5,
      lockTimeZone: true,
    });
    const response = await post(host, body);
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      kind: "ONE_ON_ONE",
      slug: "consult",
      durations: [15, 30, 60],
      scheduleId: schedules[0].id,
      bufferBefore: 10,
      slotStep: 15,
      dailyLimit: 4,
      price: { amount: 5000, currency: "EUR" },
      requiresEmailVerification: true,
      lockTimeZone: true,
      active: true,
      sharedLink: null,
      hosts: [{ userId: host.id, priority: 0 }],
      url: `http://localhost:3000/${host.username}/consult`,
    });
    expect(created.questions[0]).toEqual({
      id: "topic",
      type: "SHORT_TEXT",
      label: "Topic",
      required: true,
      options: [],
    });
    const read = await t.request({
      method: "GET",
      url: `/api/event-types/${created.id}`,
      headers: host.headers,
    });
    expect(read.json()).toEqual(created);
  });

  it("creates a group event with seats", async () => {
    const host = await signUpHost(t);
    const created = await createEventType(t, host, { kind: "GROUP", seats: 8 });
    expect(created).toMatchObject({ kind: "GROUP", seats: 8 });
  });

  it.each([
    ["a duration under 5 minutes", { duration: 4 }, "duration"],
    ["a duration over 720 minutes", { duration: 721 }, "duration"],
    [
      "a default duration not among the choices",
      { duration: 30, durations: [15, 45] },
      "durations",
    ],
    ["a group without seats", { kind: "GROUP" }, "seats"],
    ["a group with one seat", { kind: "GROUP", seats: 1 }, "seats"],
    ["seats on a one-on-one", { seats: 3 }, "seats"],
    ["a collective without a team", { kind: "COLLECTIVE" }, "teamId"],
    [
      "an in-person location without address",
      { locations: [{ type: "IN_PERSON", options: {} }] },
      "locations.0.options.address",
    ],
    [
      "an unknown location type",
      { locations: [{ type: "CARRIER_PIGEON", options: {} }] },
      "locations.0.type",
    ],
    ["an unparseable redirect URL", { redirectUrl: "not a url" }, "redirectUrl"],
    ["a slug with spaces", { slug: "two words" }, "slug"],
    ["an unknown currency", { price: { amount: 100, currency: "XYZ" } }, "price.currency"],
    [
      "a choice question without options",
      { questions: [{ id: "q", type: "SINGLE_CHOICE", label: "Pick" }] },
      "questions.0.options",
    ],
  ])("refuses %s with 422 on that field", async (_case, change, field) => {
    const host = await signUpHost(t);
    const response = await post(host, eventTypeBody(change));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty([field]);
    const list = await t.request({ method: "GET", url: "/api/event-types", headers: host.headers });
    expect(list.json().eventTypes).toHaveLength(0);
  });

  it("keeps slugs unique per owner, not across owners", async () => {
    const a = await signUpHost(t);
    const b = await signUpHost(t);
    await createEventType(t, a, { slug: "coffee" });
    const again = await post(a, eventTypeBody({ slug: "coffee" }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ slug: ["This link is already in use."] });
    expect((await post(b, eventTypeBody({ slug: "coffee" }))).statusCode).toBe(201);
  });

  it("refuses another host's schedule", async () => {
    const a = await signUpHost(t);
    const b = await signUpHost(t);
    const bSchedule = (
      await t.request({ method: "GET", url: "/api/schedules", headers: b.headers })
    ).json().schedules[0];
    const response = await post(a, eventTypeBody({ scheduleId: bSchedule.id }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ scheduleId: ["Schedule not found."] });
  });

  it("patches fields and validates the merged result", async () => {
    const host = await signUpHost(t);
    const created = await createEventType(t, host, { duration: 30 });
    const ok = await t.request({
      method: "PATCH",
      url: `/api/event-types/${created.id}`,
      headers: host.headers,
      payload: { duration: 45, active: false },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      duration: 45,
      durations: [45],
      active: false,
      title: created.title,
    });
    const bad = await t.request({
      method: "PATCH",
      url: `/api/event-types/${created.id}`,
      headers: host.headers,
      payload: { kind: "GROUP" },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty("seats");
    const unchanged = await t.request({
      method: "GET",
      url: `/api/event-types/${created.id}`,
      headers: host.headers,
    });
    expect(unchanged.json().kind).toBe("ONE_ON_ONE");
  });

  it("keeps another host's event types out of reach", async () => {
    const owner = await signUpHost(t);
    const intruder = await signUpHost(t);
    const created = await createEventType(t, owner);
    for (const [method, payload] of [
      ["GET"],
      ["PATCH", { title: "Hijacked" }],
      ["DELETE"],
    ] as const) {
      const response = await t.request({
        method,
        url: `/api/event-types/${created.id}`,
        headers: intruder.headers,
        payload,
      });
      expect(response.statusCode).toBe(404);
    }
    const list = await t.request({
      method: "GET",
      url: "/api/event-types",
      headers: intruder.headers,
    });
    expect(list.json().eventTypes).toEqual([]);
    const still = await t.request({
      method: "GET",
      url: `/api/event-types/${created.id}`,
      headers: owner.headers,
    });
    expect(still.json().title).toBe(created.title);
  });

  it("deletes an event type", async () => {
    const host = await signUpHost(t);
    const created = await createEventType(t, host);
    expect(
      (
        await t.request({
          method: "DELETE",
          url: `/api/event-types/${created.id}`,
          headers: host.headers,
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await t.request({
          method: "GET",
          url: `/api/event-types/${created.id}`,
          headers: host.headers,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe("team event types", () => {
  async function teamOfThree() {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const other = await signUpHost(t);
    const team = await createTeam(t, admin, [member]);
    return { admin, member, other, team };
  }

  it("creates a round robin with two member hosts and a shared link", async () => {
    const { admin, member, team } = await teamOfThree();
    const created = await createEventType(t, admin, {
      kind: "ROUND_ROBIN",
      teamId: team.id,
      hosts: [
        { userId: admin.id, priority: 2 },
        { userId: member.id, priority: 1 },
      ],
    });
    expect(created.sharedLink).toMatch(/^[2-9a-zA-Z]{12}$/);
    expect(created.url).toBe(`http://localhost:3000/R/${created.sharedLink}`);
    expect(created.hosts).toEqual([
      { userId: admin.id, priority: 2 },
      { userId: member.id, priority: 1 },
    ]);
    const seenByMember = await t.request({
      method: "GET",
      url: `/api/event-types/${created.id}`,
      headers: member.headers,
    });
    expect(seenByMember.statusCode).toBe(200);
  });

  it("needs at least two hosts who are members, for collective and round robin", async () => {
    const { admin, other, team } = await teamOfThree();
    const one = await post(
      admin,
      eventTypeBody({ kind: "COLLECTIVE", teamId: team.id, hosts: [{ userId: admin.id }] }),
    );
    expect(one.statusCode).toBe(422);
    expect(one.json().errors).toEqual({ hosts: ["Add at least two hosts."] });
    const outsider = await post(
      admin,
      eventTypeBody({
        kind: "COLLECTIVE",
        teamId: team.id,
        hosts: [{ userId: admin.id }, { userId: other.id }],
      }),
    );
    expect(outsider.statusCode).toBe(422);
    expect(outsider.json().errors).toEqual({ hosts: ["Every host must be a member of the team."] });
  });

  it("needs host groups for flexi and stores them", async () => {
    const { admin, member, team } = await teamOfThree();
    const none = await post(admin, eventTypeBody({ kind: "FLEXI", teamId: team.id }));
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toHaveProperty("hostGroups");
    const created = await createEventType(t, admin, {
      kind: "FLEXI",
      teamId: team.id,
      hostGroups: [
        { mode: "ALL", userIds: [admin.id] },
        { mode: "ANY", userIds: [member.id] },
      ],
    });
    expect(created.hostGroups).toEqual([
      { mode: "ALL", userIds: [admin.id] },
      { mode: "ANY", userIds: [member.id] },
    ]);
    expect(created.url).toMatch(/\/F\//);
  });

  it("lets only team admins create or change team event types, and outsiders see nothing", async () => {
    const { admin, member, other, team } = await teamOfThree();
    const hosts = [{ userId: admin.id }, { userId: member.id }];
    const byMember = await post(
      member,
      eventTypeBody({ kind: "COLLECTIVE", teamId: team.id, hosts }),
    );
    expect(byMember.statusCode).toBe(403);
    const byOutsider = await post(
      other,
      eventTypeBody({ kind: "COLLECTIVE", teamId: team.id, hosts }),
    );
    expect(byOutsider.statusCode).toBe(422);
    expect(byOutsider.json().errors).toEqual({ teamId: ["Team not found."] });
    const created = await createEventType(t, admin, { kind: "COLLECTIVE", teamId: team.id, hosts });
    const patchByMember = await t.request({
      method: "PATCH",
      url: `/api/event-types/${created.id}`,
      headers: member.headers,
      payload: { title: "x" },
    });
    expect(patchByMember.statusCode).toBe(403);
    const readByOutsider = await t.request({
      method: "GET",
      url: `/api/event-types/${created.id}`,
      headers: other.headers,
    });
    expect(readByOutsider.statusCode).toBe(404);
  });

  it("shows a team event type to its members, lets only admins delete it, hides it from others", async () => {
    const { admin, member, other, team } = await teamOfThree();
    const hosts = [{ userId: admin.id }, { userId: member.id }];
    const created = await createEventType(t, admin, { kind: "COLLECTIVE", teamId: team.id, hosts });
    const url = `/api/event-types/${created.id}`;
    const readByMember = await t.request({ method: "GET", url, headers: member.headers });
    expect(readByMember.statusCode).toBe(200);
    const deleteByMember = await t.request({ method: "DELETE", url, headers: member.headers });
    expect(deleteByMember.statusCode).toBe(403);
    expect(deleteByMember.json().message).toBe("Only team admins can change team event types.");
    for (const method of ["PATCH", "DELETE"] as const) {
      const response = await t.request({
        method,
        url,
        headers: other.headers,
        payload: method === "PATCH" ? { title: "x" } : undefined,
      });
      expect(response.statusCode, method).toBe(404);
    }
    const deleteByAdmin = await t.request({ method: "DELETE", url, headers: admin.headers });
    expect(deleteByAdmin.statusCode).toBe(204);
  });
});
