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
