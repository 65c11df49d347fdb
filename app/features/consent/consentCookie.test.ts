import { describe, expect, it } from "vitest";
import type { PublicProfile } from "../../state/publicProfile";
import { consentStatus, parseConsent } from "./consentCookie";

const base: PublicProfile = {
  googleAnalytics: "G-TEST123",
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
  timeFormat: null,
  timeZone: null,
};
const accepted = { action: "accept" as const, consenttime: "2026-01-01T00:00:00.000Z" };
const declined = { action: "decline" as const, consenttime: "2026-01-01T00:00:00.000Z" };

describe("consentStatus", () => {
  it("asks only when the profile has analytics and no choice is stored", () => {
    expect(consentStatus(base, false, "", null)).toBe("ask");
    expect(consentStatus({ ...base, googleAnalytics: null }, false, "", null)).toBe("none");
    expect(
      consentStatus({ ...base, googleAnalytics: null, facebookPixelId: "1" }, false, "", null),
    ).toBe("ask");
    expect(consentStatus(null, false, "", null)).toBe("none");
  });

  it("follows the stored choice", () => {
    expect(consentStatus(base, false, "", accepted)).toBe("granted");
    expect(consentStatus(base, false, "", declined)).toBe("declined");
  });

  it("counts an embedded page with no_consent as consented, but not a top-level one", () => {
    expect(consentStatus(base, true, "?no_consent=1", null)).toBe("granted");
    expect(consentStatus(base, false, "?no_consent=1", null)).toBe("ask");
  });
});

describe("parseConsent", () => {
  it("reads the JSON cookie and refuses anything else", () => {
    expect(parseConsent(JSON.stringify(accepted))).toEqual(accepted);
    expect(parseConsent('{"action":"maybe"}')).toBeNull();
    expect(parseConsent("not json")).toBeNull();
    expect(parseConsent(undefined)).toBeNull();
  });
});
