import { z } from "zod";
import { publicProfileSchema } from "./profile";

export { emailChangeSchema, emailTokenSchema, meUpdateSchema } from "../accounts/accountSchemas";

/** The signed-in user as the API shows them to themselves. */
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

/** The user's Profile settings, as they set them: what their public pages show, and more. */
export const profileSettingsSchema = publicProfileSchema
  .pick({
    googleAnalytics: true,
    facebookPixelId: true,
    showPrivacyPolicy: true,
    privacyPolicyUrl: true,
    showImprint: true,
    imprintUrl: true,
    hideBranding: true,
    backgroundColor: true,
    textColor: true,
    primaryColor: true,
  })
  .extend({
    welcomeMessage: z.string().nullable(),
    socials: z.record(z.string(), z.string()),
  });

/** `GET` and `PATCH /api/me`. */
export const meResponseSchema = z.object({
  user: userSchema,
  profile: profileSettingsSchema,
  /** The team whose admin locked this user's brand colours, if any. */
  colorsLockedBy: z.object({ teamId: z.uuid(), teamName: z.string() }).nullable(),
});

/** An answer that only says what happened, in the request's language. */
export const noticeResponseSchema = z.object({ message: z.string() });

/** `POST /api/me/email/confirm`: the user with their new address. */
export const userResponseSchema = z.object({ user: userSchema });

export type UserResponse = z.infer<typeof userSchema>;
export type ProfileSettingsResponse = z.infer<typeof profileSettingsSchema>;
export type MeResponse = z.infer<typeof meResponseSchema>;
export type NoticeResponse = z.infer<typeof noticeResponseSchema>;
/** `POST /api/me/email/confirm`. */
export type EmailConfirmedResponse = z.infer<typeof userResponseSchema>;
