import { describe, expect, it } from "vitest";
import { signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();

describe("GET/PATCH /api/me", () => {
  it("returns the user and their profile settings", async () => {
    const host = await signUpHost(t, { name: "Mia", language: "de" });
    const response = await t.request({ method: "GET", url: "/api/me", headers: host.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: expect.objectContaining({ id: host.id, name: "Mia", language: "de", timeFormat: 24 }),
      profile: expect.objectContaining({
        hideBranding: false,
        showPrivacyPolicy: false,
        socials: {},
      }),
      colorsLockedBy: null,
    });
  });

  it("changes user fields and profile settings together", async () => {
    const host = await signUpHost(t);
    const response = await t.request({
      method: "PATCH",
      url: "/api/me",
      headers: host.headers,
      payload: {
        timeFormat: 12,
        timeZone: "US/Pacific",
        profile: {
          hideBranding: true,
          showPrivacyPolicy: true,
          privacyPolicyUrl: "https://example.com/privacy",
          backgroundColor: "#ffeedd",
          welcomeMessage: "Hi!",
        },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ timeFormat: 12, timeZone: "America/Los_Angeles" });
    expect(response.json().profile).toMatchObject({
      hideBranding: true,
      privacyPolicyUrl: "https://example.com/privacy",
      backgroundColor: "FFEEDD",
      welcomeMessage: "Hi!",
    });
  });

  it("refuses invalid values and a username another host has", async () => {
    const other = await signUpHost(t);
    const host = await signUpHost(t);
    const bad = await t.request({
      method: "PATCH",
      url: "/api/me",
      headers: host.headers,
      payload: { timeFormat: 13, profile: { imprintUrl: "not a url" } },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["profile.imprintUrl", "timeFormat"]);
    const taken = await t.request({
      method: "PATCH",
      url: "/api/me",
      headers: host.headers,
      payload: { username: other.username },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ username: ["This username is taken."] });
  });

  it("refuses unknown fields instead of ignoring them", async () => {
    const host = await signUpHost(t);
    const response = await t.request({
      method: "PATCH",
      url: "/api/me",
      headers: host.headers,
      payload: { role: "admin" },
    });
    expect(response.statusCode).toBe(422);
    const me = await t.request({ method: "GET", url: "/api/me", headers: host.headers });
    expect(me.json().user.role).toBe("host");
  });
});
