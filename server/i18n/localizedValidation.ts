import type { FastifyRequest } from "fastify";
import type { ZodFastifySchemaValidationError } from "fastify-type-provider-zod";
import { z } from "zod";
import { issueWording } from "../../core/issueWording";
import { message } from "../../core/messages";
import { translate, translateAny } from "./translateMessage";

/** A field of the spec's `errors` map and one message for it. */
export interface FieldMessage {
  field: string;
  message: string;
}

const fieldName = (path: readonly PropertyKey[]) =>
  path.length === 0 ? "_" : path.map(String).join(".");

type ValidationError = {
  validation: ZodFastifySchemaValidationError[];
  validationContext?: string;
};

function schemaAndInput(request: FastifyRequest, part: string | undefined) {
  const schemas = request.routeOptions.schema as Record<string, unknown> | undefined;
  switch (part) {
    case "body":
      return { schema: schemas?.body, input: request.body };
    case "querystring":
      return { schema: schemas?.querystring, input: request.query };
    case "params":
      return { schema: schemas?.params, input: request.params };
    case "headers":
      return { schema: schemas?.headers, input: request.headers };
    default:
      return { schema: undefined, input: undefined };
  }
}

/**
 * The failed validation's messages in `language`, each by its catalog key. The request part is
 * parsed again with `issueWording` for the checks our schemas leave unworded (a schema's own
 * `error` wins over it): zod's own wording is for developers, never shown.
 */
export function localizedValidationIssues(
  request: FastifyRequest,
  error: ValidationError,
  language: string,
): FieldMessage[] {
  const { schema, input } = schemaAndInput(request, error.validationContext);
  if (schema instanceof z.ZodType) {
    const result = schema.safeParse(input, { error: issueWording });
    if (!result.success) {
      return result.error.issues.map((issue) => ({
        field: fieldName(issue.path),
        message: translateAny(issue.message, language),
      }));
    }
  }
  // Not a zod schema after all: the messages as Fastify reported them.
  return error.validation.map((issue) => ({
    field: fieldName((issue.instancePath ?? "").split("/").filter((part) => part !== "")),
    message: issue.message
      ? translateAny(issue.message, language)
      : translate(message("general.invalidInput"), language),
  }));
}
