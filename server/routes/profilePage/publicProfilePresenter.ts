import type { PublicProfileResponse } from "../../../core/api/profile";
import type { ProfileRow } from "../../data/users";

export interface LockedColors {
  backgroundColor: string | null;
  textColor: string | null;
  primaryColor: string | null;
}

/**
 * A profile as public pages read it. `lockedColors` are a team's, when its admin locked the
 * owner's colours; they replace the owner's own.
 */
export function presentPublicProfile(
  profile: ProfileRow | null,
  owner: { timeFormat: number | null; timeZone: string | null },
  lockedColors: LockedColors | null,
): PublicProfileResponse {
  const colors = lockedColors ?? {
    backgroundColor: profile?.backgroundColor ?? null,
    textColor: profile?.textColor ?? null,
    primaryColor: profile?.primaryColor ?? null,
  };
  return {
    googleAnalytics: profile?.googleAnalytics ?? null,
    facebookPixelId: profile?.facebookPixelId ?? null,
    showPrivacyPolicy: profile?.showPrivacyPolicy ?? false,
    privacyPolicyUrl: profile?.privacyPolicyUrl ?? null,
    showImprint: profile?.showImprint ?? false,
    imprintUrl: profile?.imprintUrl ?? null,
    hideBranding: profile?.hideBranding ?? false,
    ...colors,
    colorsLocked: lockedColors !== null,
    timeFormat: owner.timeFormat,
    timeZone: owner.timeZone,
  };
}
