import { z } from "zod";
import { issueMessage } from "../issueMessage";

/** An API token as listed: never its secret. */
export const apiTokenSchema = z.object({ id: z.uuid(), name: z.string(), createdAt: z.string() });

export const apiTokenListResponseSchema = z.object({ tokens: z.array(apiTokenSchema) });

/** `POST /api/me/tokens`. */
export const apiTokenRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: issueMessage("general.required") })
    .max(100),
});

/** A new token, with its secret shown this once. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });

export const apiTokenParams = z.object({
  id: z.uuid({ error: issueMessage("auth.tokenNotFound") }),
});

export type ApiTokenResponse = z.infer<typeof apiTokenSchema>;
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
