import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { DomainError, type ErrorCode, type FieldErrors } from "../../core/errors";
import { message } from "../../core/messages";
import { slotTaken } from "../booking/slotTaken";
import { databaseBusy } from "../db/retryOnceOnConflict";
import { isTransactionConflict, sqlState } from "../db/sqlState";
import { localizedValidationIssues } from "../i18n/localizedValidation";
import { requestLanguage } from "../i18n/requestLanguage";
import { translator } from "../i18n/serverI18n";
import { translateAny } from "../i18n/translateMessage";
import { GatewayError } from "../payments/paymentGateway";

/** The only code-to-status table of the server. */
const STATUS: Record<ErrorCode, number> = {
  VALIDATION: 422,
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  SLOT_NOT_AVAILABLE_ANYMORE: 409,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  GONE: 410,
  UNAVAILABLE: 503,
};

// Fastify's own 4xx for bodies it cannot read, by code, as catalog keys.
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "general.invalidJson",
  FST_ERR_CTP_EMPTY_JSON_BODY: "general.emptyJsonBody",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "general.unsupportedMediaType",
  FST_ERR_CTP_BODY_TOO_LARGE: "general.bodyTooLarge",
  // @fastify/compress, which refuses every Content-Encoding but identity (plugins/compression.ts).
  FST_CP_ERR_INVALID_CONTENT_ENCODING: "general.compressedBody",
};

/** Maps database failures that are the caller's doing, or a busy moment, to domain errors. */
export function domainErrorFromDatabase(error: unknown): DomainError | null {
  if (isTransactionConflict(error)) return databaseBusy();
  const state = sqlState(error);
  switch (state) {
    case "23P01": // exclusion_violation: host_busy_no_overlap
      return slotTaken();
    case "23505": // unique_violation
      return new DomainError("CONFLICT", message("general.alreadyExists"));
    default:
      // Class 22, data exception (22021 a NUL byte, 22P02 bad jsonb text, 22008 a date out of
      // range, 22001 too long...): a value the schemas let through that PostgreSQL refuses.
      if (state?.startsWith("22"))
        return new DomainError("VALIDATION", message("general.dataRejected"));
      return null;
  }
}

/**
 * Fastify's answer to a request it cannot route at all (a path that is not valid
 * percent-encoded UTF-8): a 400 in the spec's shape instead of Fastify's own.
 */
export function frameworkErrors(
  _error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const t = translator(requestLanguage(request), "errors");
  reply.status(400).send({ message: t("general.badUrl") });
}

/**
 * The key of a field in the `errors` map. A field named after a query parameter such as
 * `__proto__` would set the map's prototype instead of a key (and fail the response schema),
 * so it names the request as a whole.
 */
function fieldKey(field: string): string {
  return field.split(".").includes("__proto__") ? "_" : field;
}

/** The spec's error body of a domain error, its messages in `language`. */
function body(error: DomainError, language: string): Record<string, unknown> {
  const message = translateAny(error.detail, language);
  if (error.code === "SLOT_NOT_AVAILABLE_ANYMORE") return { code: error.code, message };
  if (!error.fields) return { message };
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(error.fields)) {
    errors[fieldKey(field)] = messages.map((text) => translateAny(text, language));
  }
  return { message, errors };
}

/** A 4xx Fastify raised itself (unreadable body and the like), in `language`. */
function fastifyMessage(error: FastifyError, request: FastifyRequest, language: string): string {
  const t = translator(language, "errors");
  const key = FASTIFY_MESSAGES[error.code];
  if (key) return t(key, { type: request.headers["content-type"] ?? "" });
  if (error instanceof SyntaxError) return t("general.invalidJson");
  return error.message;
}

/**
 * One error handler: domain errors by code, schema validation as 422 with field messages,
 * client mistakes Fastify detects as their 4xx, and everything else as a bare 500 that
 * never shows internals.
 */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | DomainError | Error, request, reply) => {
    const language = requestLanguage(request);
    const answer = (domainError: DomainError) => {
      if (domainError.retryAfterSeconds !== undefined) {
        reply.header("retry-after", String(domainError.retryAfterSeconds));
      }
      return reply.status(STATUS[domainError.code]).send(body(domainError, language));
    };
    if (error instanceof DomainError) return answer(error);
    if (error instanceof GatewayError) {
      // The payment provider refused or was unreachable: nothing was booked, try again.
      request.log.warn({ err: error, code: error.code }, "payment gateway failed");
      return answer(new DomainError("UNAVAILABLE", message("payment.unavailable"), undefined, 5));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = localizedValidationIssues(request, error, language);
      const fields: FieldErrors = {};
      for (const { field, message } of issues) {
        const key = fieldKey(field);
        fields[key] = [...(fields[key] ?? []), message];
      }
      const first =
        Object.values(fields)[0]?.[0] ?? translator(language, "errors")("general.invalidInput");
      // A malformed id in the path names nothing that exists.
      if (error.validationContext === "params") return reply.status(404).send({ message: first });
      return reply.status(422).send({ message: first, errors: fields });
    }
    const fromDatabase = domainErrorFromDatabase(error);
    if (fromDatabase) {
      // A value the schemas should have refused: worth a line, without the statement's values.
      if (fromDatabase.code === "VALIDATION") {
        request.log.warn({ err: error }, "the database refused a value");
      }
      if (fromDatabase.code === "UNAVAILABLE") {
        request.log.warn({ err: error }, "a transaction conflicted twice with others");
      }
      return answer(fromDatabase);
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === "number" && status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ message: fastifyMessage(error as FastifyError, request, language) });
    }
    request.log.error({ err: error }, "request failed");
    return reply
      .status(500)
      .send({ message: translator(language, "errors")("general.somethingWentWrong") });
  });
});
