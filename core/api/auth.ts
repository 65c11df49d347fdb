import { z } from "zod";
import {
  emailField,
  loginSchema,
  newPasswordField,
  signupSchema,
} from "../accounts/accountSchemas";
import { issueMessage } from "../issueMessage";
import { userSchema } from "./me";

export { emailTokenSchema } from "../accounts/accountSchemas";
export { loginSchema, signupSchema };

/** Sign-up and sign-in: the user, and a token for the Authorization header. */
export const sessionResponseSchema = z.object({ user: userSchema, token: z.string() });

/** `GET /api/auth/setup?token=`: how this server lets people sign up, and what it can send. */
export const setupStatusSchema = z.object({
  /** A sign-up asking for it (`owner: true`) now makes the instance's owner, verified at once. */
  ownerSetup: z.boolean(),
  /** SIGNUP: who may sign up besides the owner. */
  signup: z.enum(["open", "invite", "closed"]),
  /** Whether mail leaves this server (SMTP_URL is set); without it no link is sent. */
  sendsMail: z.boolean(),
  /** Whether card payments are set up (Stripe's keys); without them no price can be charged. */
  takesPayments: z.boolean(),
  /**
   * The open invitation `invitation` names, for the sign-up form: the invited address, and the
   * team's name for a team's. Null without one, or when the link is used, expired or unknown.
   */
  invitation: z.object({ email: z.string(), teamName: z.string().nullable() }).nullable(),
});
export const setupStatusQuerySchema = z.object({
  token: z.string().max(200).optional(),
  invitation: z.string().max(300).optional(),
});
export type SetupStatus = z.infer<typeof setupStatusSchema>;

/** `POST /api/auth/password-reset`. */
export const passwordResetRequestSchema = z.object({ email: emailField });

/** `POST /api/auth/password-reset/confirm`: the mailed link's token and the new password. */
export const passwordResetConfirmSchema = z.object({
  token: z.string().min(1).max(200),
  password: newPasswordField,
});

/** `POST /api/me/password`. */
export const passwordChangeSchema = z.object({
  currentPassword: z
    .string()
    .min(1, { error: issueMessage("general.required") })
    .max(200),
  newPassword: newPasswordField,
});

export type SessionResponse = z.infer<typeof sessionResponseSchema>;
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
/** The body of `POST /api/auth/signup`, as a client sends it. */
export type SignupRequest = z.input<typeof signupSchema>;
/** The body of `POST /api/auth/login`, as a client sends it. */
export type LoginRequest = z.input<typeof loginSchema>;
