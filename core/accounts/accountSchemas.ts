import { z } from "zod";
import { issueMessage } from "../issueMessage";
import { EMAIL_MAX, EMAIL_PATTERN } from "../validation/emailAddress";
import { timeZoneField } from "../validation/timeZoneField";
import { WELCOME_MESSAGE_MAX } from "./profileLimits";
import { isAllowedUsername, RESERVED_PAGE_NAMES, USERNAME_PATTERN } from "./usernameRules";

export const LANGUAGES = ["en", "de", "de-du", "nl", "fi", "es", "pl", "fr", "ar", "fa"] as const;
export type Language = (typeof LANGUAGES)[number];

export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_TOO_SHORT = issueMessage("fields.atLeastCharacters", { count: PASSWORD_MIN_LENGTH });

export const emailField = z
  .string()
  .trim()
  .max(EMAIL_MAX, { error: issueMessage("fields.invalidEmail") })
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: issueMessage("fields.invalidEmail") }));

export const usernameField = z
  .string()
  .trim()
  .toLowerCase()
  .superRefine((value, ctx) => {
    if (RESERVED_PAGE_NAMES.has(value)) {
      ctx.addIssue({ code: "custom", message: issueMessage("fields.usernameReserved") });
    } else if (!USERNAME_PATTERN.test(value) || !isAllowedUsername(value)) {
      ctx.addIssue({
        code: "custom",
        message: issueMessage("fields.usernameFormat"),
      });
    }
  });

const nameField = z
  .string()
  .trim()
  .min(1, { error: issueMessage("general.required") })
  .max(100);

export const signupSchema = z.object({
  email: emailField,
  password: z.string().min(PASSWORD_MIN_LENGTH, { error: PASSWORD_TOO_SHORT }).max(200),
  name: nameField,
  username: usernameField,
  timeZone: timeZoneField.optional(),
  language: z.enum(LANGUAGES).optional(),
  /**
   * Asks to become the instance's owner (verified at once): granted only while no account
   * exists, and only from this machine (loopback) or with the setup link's token.
   */
  owner: z.boolean().optional(),
  /** The token of the setup link the server prints at start while it has no account. */
  setupToken: z.string().max(200).optional(),
  /**
   * The token of the mailed invitation the sign-up comes from (the owner's to host, or a
   * team's): it lets the invited address in under SIGNUP=invite and proves the address.
   */
  invitation: z.string().max(300).optional(),
});
export type SignupInput = z.infer<typeof signupSchema>;

/** `POST /api/me/email`: the new address, proven by the current password. */
export const emailChangeSchema = z.object({
  email: emailField,
  currentPassword: z
    .string()
    .min(1, { error: issueMessage("general.required") })
    .max(200),
});

/** The token of a link mailed to prove an address. */
export const emailTokenSchema = z.object({ token: z.string().trim().min(1).max(200) });

export const loginSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: issueMessage("general.required") })
    .max(254),
  password: z
    .string()
    .min(1, { error: issueMessage("general.required") })
    .max(200),
});

export const colorField = z
  .string()
  .regex(/^#?[0-9a-fA-F]{6}$/, { error: issueMessage("fields.colour") })
  .transform((value) => value.replace(/^#/, "").toUpperCase());

const urlField = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => URL.canParse(value) && /^https?:/i.test(value), {
    error: issueMessage("fields.invalidUrl"),
  });

export const BRAND_COLOR_FIELDS = ["backgroundColor", "textColor", "primaryColor"] as const;

/** Password rules for a new password (sign-up, reset, change). */
export const newPasswordField = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_TOO_SHORT })
  .max(200);

/**
 * What `PATCH /api/me` may change: the user and their Profile settings. Not the email
 * address: that takes the password and a link mailed to the new address (`POST /api/me/email`).
 */
export const meUpdateSchema = z
  .object({
    name: nameField,
    username: usernameField,
    timeZone: timeZoneField,
    timeFormat: z.union([z.literal(12), z.literal(24)]),
    language: z.enum(LANGUAGES),
    /** An image uploaded with `POST /api/uploads`; null removes the avatar. */
    avatarUploadId: z.uuid({ error: issueMessage("uploads.notFound") }).nullable(),
    profile: z
      .object({
        googleAnalytics: z.string().trim().max(40).nullable(),
        facebookPixelId: z
          .string()
          .trim()
          .regex(/^\d{5,20}$/, { error: issueMessage("fields.pixelId") })
          .nullable(),
        showPrivacyPolicy: z.boolean(),
        privacyPolicyUrl: urlField.nullable(),
        showImprint: z.boolean(),
        imprintUrl: urlField.nullable(),
        hideBranding: z.boolean(),
        welcomeMessage: z.string().max(WELCOME_MESSAGE_MAX).nullable(),
        backgroundColor: colorField.nullable(),
        textColor: colorField.nullable(),
        primaryColor: colorField.nullable(),
        socials: z.record(z.string().max(30), urlField),
      })
      .partial()
      .strict(),
  })
  .partial()
  .strict();
export type MeUpdate = z.infer<typeof meUpdateSchema>;
