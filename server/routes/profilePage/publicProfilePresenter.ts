import { z } from "zod";
import type { ProfileRow } from "../../data/users";

/** The Profile settings a public page needs (spec §3); nothing the host keeps private. */
export const publicProfileSchema = z.object({
  googleAnalytics: z.string().nullable(),
  facebookPixelId: z.string().nullable(),
  showPrivacyPolicy: z.boolean(),
  privacyPolicyUrl: z.string().nullable(),
  showImprint: z.boolean(),
  imprintUrl: z.string().nullable(),
  hideBranding: z.boolean(),
  backgroundColor: z.string().nullable(),
  textColor: z.string().nullable(),
  primaryColor: z.string().nullable(),
  /** A team admin locked the colours: the page's query parameters may not change them. */
  colorsLocked: z.boolean(),
  timeFormat: z.number().nullable(),
  timeZone: z.string().nullable(),
});

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
) {
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
