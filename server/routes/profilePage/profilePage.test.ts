import { describe, expect, it } from "vitest";
import { createEventType, createTeam, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();

describe("GET /api/page/{id}", () => {
  it("shows a host's name, welcome message, public profile and active event types", async () => {
    const host = await signUpHost(t, { name: "Ana Lee", timeZone: "America/New_York" });
    await t.request({
      method: "PATCH",
      url: "/api/me",
      headers: host.headers,
      payload: {
        timeFormat: 12,
        profile: {
          welcomeMessage: "Pick a time!",
          googleAnalytics: "G-ABC123",
          showImprint: true,
          imprintUrl: "https://example.com/imprint",
        },
      },
    });
    const intro = await createEventType(t, host, { title: "Intro", duration: 30 });
    await createEventType(t, host, { title: "Off", active: false });

    const response = await t.request({ method: "GET", url: `/api/page/${host.username}` });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.page).toMatchObject({
      kind: "user",
      name: "Ana Lee",
      slug: host.username,
      welcomeMessage: "Pick a time!",
      avatarUrl: null,
    });
    expect(body.page.eventTypes).toEqual([
      expect.objectContaining({
        title: "Intro",
        duration: 30,
        locationTypes: ["ZOOM"],
        path: `/${host.username}/${intro.slug}`,
      }),
    ]);
    expect(body.profile).toMatchObject({
      googleAnalytics: "G-ABC123",
      showImprint: true,
      imprintUrl: "https://example.com/imprint",
      hideBranding: false,
      colorsLocked: false,
      timeFormat: 12,
      timeZone: "America/New_York",
    });
    expect(response.body).not.toContain(host.email);
  });

  it("lists a team's event types by their shared links", async () => {
    const [ada, bob] = [await signUpHost(t), await signUpHost(t)];
    const team = await createTeam(t, ada, [bob]);
    const type = await createEventType(t, ada, {
      kind: "ROUND_ROBIN",
      teamId: team.id,
      hosts: [{ userId: ada.id }, { userId: bob.id }],
    });
    const response = await t.request({ method: "GET", url: `/api/page/${team.slug}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().page).toMatchObject({ kind: "team", slug: team.slug });
    expect(response.json().page.eventTypes[0].path).toBe(`/R/${type.sharedLink}`);
  });

  it("leaves a hidden (secret) event type off the page while its link still works", async () => {
    const host = await signUpHost(t);
    const shown = await createEventType(t, host, { title: "Open" });
    const secret = await createEventType(t, host, { title: "Secret", hidden: true });
    expect(secret.hidden).toBe(true);

    const page = await t.request({ method: "GET", url: `/api/page/${host.username}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().page.eventTypes.map((e: { title: string }) => e.title)).toEqual([
      shown.title,
    ]);

    const direct = await t.request({
      method: "GET",
      url: `/api/user/${host.username}/${secret.slug}`,
    });
    expect(direct.statusCode, direct.body).toBe(200);
    expect(direct.json().eventType ?? direct.json()).toMatchObject({ title: "Secret" });
  });

  it("answers 404 for an unknown name", async () => {
    const response = await t.request({ method: "GET", url: "/api/page/nobody-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Page not found." });
  });
});
