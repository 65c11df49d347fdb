import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { DomainError } from "../../core/errors";
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from "../../core/validation/findUnsafeText";

/**
 * Throws VALIDATION naming the field (a dotted path, as findUnsafeText gives it) when `value`
 * holds text PostgreSQL cannot store. For what the guard's hook cannot see: the text parts of
 * a multipart form, read in the handler, and JSON a handler parses out of one.
 */
export function refuseUnsafeText(value: unknown): void {
  const field = findUnsafeText(value);
  if (field !== null) {
    throw new DomainError("VALIDATION", UNSAFE_TEXT_MESSAGE, { [field]: [UNSAFE_TEXT_MESSAGE] });
  }
}

/**
 * Refuses, for every route, path parameters, query and JSON body holding a NUL character or a
 * lone surrogate: PostgreSQL cannot store either, and a route's own schema would let them
 * through to a 500. Answered as a 422 naming the field, before any schema or handler runs.
 * Multipart forms are parsed later, by their handlers, which call refuseUnsafeText.
 */
export const unsafeTextGuard = fp(async (app: FastifyInstance) => {
  app.addHook("preValidation", async (request) => {
    for (const part of [request.params, request.query, request.body]) refuseUnsafeText(part);
  });
});
