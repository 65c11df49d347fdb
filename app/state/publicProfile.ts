import type { PublicProfileResponse } from "../../core/api/profile";

/** The Profile settings public pages read (spec §3), as the public API returns them (core/api/profile.ts). */
export type PublicProfile = PublicProfileResponse;

export type TimeFormat = 12 | 24;

/** 12 or 24 from a stored value ("12", "12h", 12...), else null. */
export function parseTimeFormat(value: unknown): TimeFormat | null {
  const text = String(value ?? "").trim();
  if (text === "12" || text === "12h") return 12;
  if (text === "24" || text === "24h") return 24;
  return null;
}

/** The state a profile sets (spec §4, "Setting the profile"). */
export interface ProfileState {
  profile: PublicProfile;
  showPoweredBy: boolean;
  profileTimeFormat: TimeFormat | null;
  timeFormat: TimeFormat;
  timeZone: string | null;
}

/**
 * What setting `profile` changes: branding shows unless the profile hides it; the profile's
 * time format is kept and becomes the active one only when no time_format cookie exists;
 * its time zone only when none is set yet.
 */
export function applyProfile(
  profile: PublicProfile,
  current: { timeFormat: TimeFormat; timeZone: string | null },
  timeFormatCookie: string | undefined,
): ProfileState {
  const profileTimeFormat = parseTimeFormat(profile.timeFormat);
  const cookieFormat = parseTimeFormat(timeFormatCookie);
  return {
    profile,
    showPoweredBy: profile.hideBranding !== true,
    profileTimeFormat,
    timeFormat: cookieFormat ?? profileTimeFormat ?? current.timeFormat,
    timeZone: current.timeZone ?? profile.timeZone ?? null,
  };
}
