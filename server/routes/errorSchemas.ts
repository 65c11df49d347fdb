import { errorResponseSchema } from "../../core/api/errors";

/** The spec's error response, for the OpenAPI document. */
export const errorSchema = errorResponseSchema;

export const errorResponses = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  422: errorSchema,
  429: errorSchema,
} as const;
