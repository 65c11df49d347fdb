import { describe, expect, it } from "vitest";
import { BOOKING_NOW, teamEventType } from "../../test/bookingFactories";
import { createEventType, createTeam, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();
t.setNow(BOOKING_NOW);

const get = (url: string) => t.request({ method: "GET", url });

describe("GET /api/user/{user}/{eventType}", () => {
  it("shows what the booking page needs and nothing private", async () => {
    const host = await signUpHost(t, { name: "Ada Host" });
    await t.request({
      method: "PATCH",
      url: "/api/me",
      headers: host.headers,
      payload: {
        timeFormat: 12,
        profile: { googleAnalytics: "G-123", hideBranding: true, primaryColor: "112233" },
      },
    });
    const type = await createEventType(t, host, {
      title: "Consult",
      description: "Talk",
      durations: [30, 60],
      locations: [
        { type: "ZOOM", options: { url: "https://zoom.example.com/secret" } },
        { type: "IN_PERSON", options: { address: "Main St 1" } },
        { type: "PHONE_CALL", options: { direction: "INVITEE_CALLS_HOST", phone: "+4930901820" } },
      ],
      questions: [{ id: "topic", type: "SHORT_TEXT", label: "Topic", required: true }],
      price: { amount: 5000, currency: "EUR" },
      requiresEmailVerification: true,
      lockTimeZone: true,
      bufferBefore: 15,
    });
    const response = await get(`/api/user/${host.username}/${type.slug}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      eventType: {
        kind: "ONE_ON_ONE",
        title: "Consult",
        slug: type.slug,
        description: "Talk",
        duration: 30,
        durations: [30, 60],
        locations: [
          { type: "ZOOM", options: {} },
          { type: "IN_PERSON", options: { address: "Main St 1" } },
          {
            type: "PHONE_CALL",
            options: { direction: "INVITEE_CALLS_HOST", phone: "+4930901820" },
          },
        ],
        questions: [
          { id: "topic", type: "SHORT_TEXT", label: "Topic", required: true, options: [] },
        ],
        price: { amount: 5000, currency: "EUR" },
        requiresEmailVerification: true,
        lockTimeZone: true,
        seats: null,
        recurrence: null,
        textsInvitee: false,
        approval: null,
        timeZone: "Europe/Berlin",
        // Paid, and this server has no payments set up.
        bookable: false,
        payment: null,
      },
      owner: { kind: "user", name: "Ada Host", slug: host.username, avatarUrl: null },
      profile: expect.objectContaining({
        googleAnalytics: "G-123",
        hideBranding: true,
        primaryColor: "112233",
        timeFormat: 12,
        timeZone: "Europe/Berlin",
        showPrivacyPolicy: false,
      }),
      hosts: [
        { name: "Ada Host", username: host.username, avatarUrl: null, timeZone: "Europe/Berlin" },
      ],
      host: null,
    });
    expect(response.body).not.toContain(host.email);
    expect(response.body).not.toContain("secret");
    expect(response.body).not.toContain(host.id);
  });

  it("says whether the event type can be booked: a paid one needs payments set up", async () => {
    const host = await signUpHost(t);
    const free = await createEventType(t, host);
    expect((await get(`/api/user/${host.username}/${free.slug}`)).json().eventType.bookable).toBe(
      true,
    );
    const withStripe = await createTestApp({
      stripe: {
        secretKey: "sk_test_x",
        publishableKey: "pk_test_x",
        webhookSecret: null,
        jsUrl: "http://127.0.0.1:9/stripe.js",
      },
    });
    const payee = await signUpHost(withStripe);
    const paid = await createEventType(withStripe, payee, {
      price: { amount: 5000, currency: "EUR" },
      paymentTerms: "Paid in advance.",
      refundPolicy: "FULL_BEFORE",
      refundHours: 24,
    });
    const answer = await withStripe.request({
      method: "GET",
      url: `/api/user/${payee.username}/${paid.slug}`,
    });
    expect(answer.json().eventType.bookable).toBe(true);
    // What the page needs to take the card, and what it says of terms and refunds.
    expect(answer.json().eventType.payment).toEqual({
      gateway: "Stripe",
      jsUrl: "http://127.0.0.1:9/stripe.js",
      publishableKey: "pk_test_x",
      terms: "Paid in advance.",
      refundPolicy: "FULL_BEFORE",
      refundHours: 24,
    });
    expect((await get(`/api/user/${host.username}/${free.slug}`)).json().eventType.payment).toBe(
      null,
    );
  });

  it("pins a host by host_slug or host_email and 404s an unknown one", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const bySlug = await get(`/api/user/${host.username}/${type.slug}?host_slug=${host.username}`);
    expect(bySlug.json().host).toMatchObject({ username: host.username });
    const byEmail = await get(
      `/api/user/${host.username}/${type.slug}?host_email=${encodeURIComponent(host.email)}`,
    );
    expect(byEmail.json().host).toMatchObject({ username: host.username });
    expect((await get(`/api/user/${host.username}/${type.slug}?host_slug=nobody`)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/user/${host.username}/nope`)).statusCode).toBe(404);
  });
});

describe("GET /api/shared/{link} and /api/single-use-link/{link}", () => {
  it("shows a team event type with its hosts' public profiles", async () => {
    const [a, b] = [await signUpHost(t), await signUpHost(t)];
    const type = await teamEventType(t, "ROUND_ROBIN", [a, b]);
    const response = await get(`/api/shared/${type.sharedLink}?host_slug=${b.username}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.owner.kind).toBe("team");
    expect(body.hosts.map((h: { username: string }) => h.username).sort()).toEqual(
      [a.username, b.username].sort(),
    );
    expect(body.host.username).toBe(b.username);
    expect(response.body).not.toContain(a.email);
  });

  it("shows an unused single-use link", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const { link } = (
      await t.request({
        method: "POST",
        url: `/api/event-types/${type.id}/single-use-links`,
        headers: host.headers,
      })
    ).json();
    const response = await get(`/api/single-use-link/${link}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().eventType.slug).toBe(type.slug);
  });
});

describe("locked brand colours on the booking page", () => {
  it("tells the page a member's colours are locked, with the team's colours", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const type = await createEventType(t, member, { slug: "locked" });
    const open = (await get(`/api/user/${member.username}/locked`)).json();
    expect(open.profile.colorsLocked).toBe(false);

    const team = await createTeam(t, admin, [member]);
    const locked = await t.request({
      method: "PATCH",
      url: `/api/teams/${team.id}`,
      headers: admin.headers,
      payload: {
        colorsLocked: true,
        colors: { backgroundColor: "112233", primaryColor: "AABBCC" },
      },
    });
    expect(locked.statusCode, locked.body).toBe(200);
    const view = (await get(`/api/user/${member.username}/${type.slug}`)).json();
    expect(view.profile).toMatchObject({
      colorsLocked: true,
      backgroundColor: "112233",
      primaryColor: "AABBCC",
    });
  });
});
