import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { DomainError, type ErrorCode, type FieldErrors } from "../../core/errors";

/** The only code-to-status table of the server. */
const STATUS: Record<ErrorCode, number> = {
  VALIDATION: 422,
  NOT_FOUND: 404,
  SLOT_NOT_AVAILABLE_ANYMORE: 409,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  GONE: 410,
};

const SLOT_TAKEN_MESSAGE =
  "The selected time is not available anymore. Please choose another time.";

/** The SQLSTATE of a database error; drizzle wraps the driver's error in `cause`. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Maps database failures that are the caller's doing to domain errors. */
export function domainErrorFromDatabase(error: unknown): DomainError | null {
  switch (sqlState(error)) {
    case "23P01": // exclusion_violation: host_busy_no_overlap
      return new DomainError("SLOT_NOT_AVAILABLE_ANYMORE", SLOT_TAKEN_MESSAGE);
    case "23505": // unique_violation
      return new DomainError("CONFLICT", "This already exists.");
    case "40001": // serialization_failure
    case "40P01": // deadlock_detected
      return new DomainError("SLOT_NOT_AVAILABLE_ANYMORE", SLOT_TAKEN_MESSAGE);
    default:
      return null;
  }
}

function fieldName(path: string): string {
  const name = path.replace(/^\//, "").replaceAll("/", ".");
  return name === "" ? "_" : name;
}

function body(error: DomainError): Record<string, unknown> {
  if (error.code === "SLOT_NOT_AVAILABLE_ANYMORE") {
    return { code: error.code, message: error.message };
  }
  return error.fields
    ? { message: error.message, errors: error.fields }
    : { message: error.message };
}

/**
 * One error handler: domain errors by code, schema validation as 422 with field messages,
 * client mistakes Fastify detects as their 4xx, and everything else as a bare 500 that
 * never shows internals.
 */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | DomainError | Error, request, reply) => {
    if (error instanceof DomainError) {
      return reply.status(STATUS[error.code]).send(body(error));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldErrors = {};
      for (const issue of error.validation) {
        const key = fieldName(issue.instancePath ?? "");
        fields[key] = [...(fields[key] ?? []), issue.message ?? "Invalid input."];
      }
      const first = Object.values(fields)[0]?.[0] ?? "Invalid input.";
      // A malformed id in the path names nothing that exists.
      if (error.validationContext === "params") return reply.status(404).send({ message: first });
      return reply.status(422).send({ message: first, errors: fields });
    }
    const fromDatabase = domainErrorFromDatabase(error);
    if (fromDatabase) {
      return reply.status(STATUS[fromDatabase.code]).send(body(fromDatabase));
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === "number" && status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message });
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send({ message: "Something went wrong. Please try again." });
  });
});
