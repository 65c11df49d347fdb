import { z } from "zod";

/**
 * The spec's error response: `message` in the request's language, `code` where a client
 * branches on it (SLOT_NOT_AVAILABLE_ANYMORE), `errors` per field for invalid input.
 */
export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
