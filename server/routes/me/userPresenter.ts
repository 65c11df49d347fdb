import type { ProfileSettingsResponse, UserResponse } from "../../../core/api/me";
import type { ProfileRow, UserRow } from "../../data/users";

export function presentUser(user: UserRow): UserResponse {
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    name: user.name,
    username: user.username,
    timeZone: user.timeZone,
    timeFormat: user.timeFormat,
    language: user.language,
    role: user.role,
    avatarUrl: user.avatarUploadId ? `/api/uploads/${user.avatarUploadId}` : null,
    createdAt: user.createdAt.toISOString(),
  };
}

export function presentProfile(profile: ProfileRow): ProfileSettingsResponse {
  return {
    googleAnalytics: profile.googleAnalytics,
    facebookPixelId: profile.facebookPixelId,
    showPrivacyPolicy: profile.showPrivacyPolicy,
    privacyPolicyUrl: profile.privacyPolicyUrl,
    showImprint: profile.showImprint,
    imprintUrl: profile.imprintUrl,
    hideBranding: profile.hideBranding,
    welcomeMessage: profile.welcomeMessage,
    backgroundColor: profile.backgroundColor,
    textColor: profile.textColor,
    primaryColor: profile.primaryColor,
    socials: profile.socials,
  };
}
