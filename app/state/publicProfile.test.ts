import { describe, expect, it } from "vitest";
import { applyProfile, type PublicProfile, parseTimeFormat } from "./publicProfile";

const profile: PublicProfile = {
  googleAnalytics: null,
  facebookPixelId: null,
  showPrivacyPolicy: false,
  privacyPolicyUrl: null,
  showImprint: false,
  imprintUrl: null,
  hideBranding: false,
  backgroundColor: null,
  textColor: null,
  primaryColor: null,
  colorsLocked: false,
  timeFormat: 12,
  timeZone: "America/New_York",
};

describe("applyProfile", () => {
  it("shows branding unless the profile hides it", () => {
    const current = { timeFormat: 24 as const, timeZone: null };
    expect(applyProfile(profile, current, undefined).showPoweredBy).toBe(true);
    // The spec says null shows it too, though the API (core/api/profile.ts) sends a boolean.
    expect(
      applyProfile({ ...profile, hideBranding: null as unknown as boolean }, current, undefined)
        .showPoweredBy,
    ).toBe(true);
    expect(applyProfile({ ...profile, hideBranding: true }, current, undefined).showPoweredBy).toBe(
      false,
    );
  });

  it("takes the profile's time format only without a time_format cookie", () => {
    const current = { timeFormat: 24 as const, timeZone: null };
    expect(applyProfile(profile, current, undefined)).toMatchObject({
      profileTimeFormat: 12,
      timeFormat: 12,
    });
    expect(applyProfile(profile, current, "24")).toMatchObject({
      profileTimeFormat: 12,
      timeFormat: 24,
    });
    expect(applyProfile({ ...profile, timeFormat: null }, current, undefined).timeFormat).toBe(24);
  });

  it("takes the profile's time zone only when none is set", () => {
    expect(applyProfile(profile, { timeFormat: 24, timeZone: null }, undefined).timeZone).toBe(
      "America/New_York",
    );
    expect(
      applyProfile(profile, { timeFormat: 24, timeZone: "Asia/Tokyo" }, undefined).timeZone,
    ).toBe("Asia/Tokyo");
  });
});

describe("parseTimeFormat", () => {
  it("reads 12 and 24 in their stored forms", () => {
    expect(parseTimeFormat("12h")).toBe(12);
    expect(parseTimeFormat(24)).toBe(24);
    expect(parseTimeFormat("13")).toBeNull();
    expect(parseTimeFormat(undefined)).toBeNull();
  });
});
