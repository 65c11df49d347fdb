import { z } from "zod";
import type { ProfileRow, UserRow } from "../../data/users";

export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  /** Whether the user followed the link mailed to their address; until then nothing is published. */
  emailVerified: z.boolean(),
  name: z.string(),
  username: z.string(),
  timeZone: z.string(),
  timeFormat: z.number(),
  language: z.string(),
  role: z.string(),
  avatarUrl: z.string().nullable(),
  createdAt: z.string(),
});

export const profileSchema = z.object({
  googleAnalytics: z.string().nullable(),
  facebookPixelId: z.string().nullable(),
  showPrivacyPolicy: z.boolean(),
  privacyPolicyUrl: z.string().nullable(),
  showImprint: z.boolean(),
  imprintUrl: z.string().nullable(),
  hideBranding: z.boolean(),
  welcomeMessage: z.string().nullable(),
  backgroundColor: z.string().nullable(),
  textColor: z.string().nullable(),
  primaryColor: z.string().nullable(),
  socials: z.record(z.string(), z.string()),
});

export function presentUser(user: UserRow) {
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

export function presentProfile(profile: ProfileRow) {
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
