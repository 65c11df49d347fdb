import { describe, expect, it } from "vitest";
import type { PublicProfileResponse as PublicProfile } from "../api/profile";
import { layoutColors, normalizeHexColor } from "./layoutColors";

const profile: PublicProfile = {
  googleAnalytics: null,
  facebookPixelId: null,
  showPrivacyPolicy: false,
  privacyPolicyUrl: null,
  showImprint: false,
  imprintUrl: null,
  hideBranding: false,
  backgroundColor: "#FFFFFF",
  textColor: null,
  primaryColor: "0a7",
  colorsLocked: false,
  timeFormat: null,
  timeZone: null,
};

describe("layoutColors", () => {
  it("defaults the background to F2F4F7", () => {
    expect(layoutColors(null, "")).toEqual({ background: "#F2F4F7", text: null, primary: null });
  });

  it("takes the profile's colours, and the query's over them", () => {
    expect(layoutColors(profile, "")).toEqual({
      background: "#FFFFFF",
      text: null,
      primary: "#0a7",
    });
    expect(layoutColors(profile, "?background_color=101828&text_color=%23eee")).toEqual({
      background: "#101828",
      text: "#eee",
      primary: "#0a7",
    });
  });

  it("ignores the query when an admin locked the colours", () => {
    expect(
      layoutColors({ ...profile, colorsLocked: true }, "?background_color=101828").background,
    ).toBe("#FFFFFF");
  });
});

describe("normalizeHexColor", () => {
  it("accepts 3 and 6 hex digits and nothing else", () => {
    expect(normalizeHexColor("ABCDEF")).toBe("#ABCDEF");
    expect(normalizeHexColor("red")).toBeNull();
    expect(normalizeHexColor("fff;background:url(x)")).toBeNull();
    expect(normalizeHexColor(null)).toBeNull();
  });
});
