import { z } from "zod";
import { issueMessage } from "../issueMessage";

/** Days an API token works when its owner does not say. */
export const API_TOKEN_DEFAULT_DAYS = 90;
/** The longest lifetime an API token may be given; a longer-lived one is made anew. */
export const API_TOKEN_MAX_DAYS = 365;

/** An API token as listed: never its secret. */
export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().describe("ISO 8601 instant after which the token answers 401"),
  lastUsedAt: z
    .string()
    .nullable()
    .describe("When the token last authenticated a request, to the minute; null if never"),
});

export const apiTokenListResponseSchema = z.object({ tokens: z.array(apiTokenSchema) });

const lifetime = issueMessage("auth.tokenLifetime", { max: API_TOKEN_MAX_DAYS });

/** `POST /api/me/tokens`. */
export const apiTokenRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: issueMessage("general.required") })
    .max(100),
  expiresInDays: z
    .number({ error: lifetime })
    .int({ error: lifetime })
    .min(1, { error: lifetime })
    .max(API_TOKEN_MAX_DAYS, { error: lifetime })
    .default(API_TOKEN_DEFAULT_DAYS)
    .describe(
      `Days until the token expires: 1 to ${API_TOKEN_MAX_DAYS}, ${API_TOKEN_DEFAULT_DAYS} if left out`,
    ),
});

/** A new token, with its secret shown this once. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });

export const apiTokenParams = z.object({
  id: z.uuid({ error: issueMessage("auth.tokenNotFound") }),
});

export type ApiTokenRequest = z.input<typeof apiTokenRequestSchema>;
export type ApiTokenResponse = z.infer<typeof apiTokenSchema>;
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
