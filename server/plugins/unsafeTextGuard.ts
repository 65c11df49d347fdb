import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { DomainError } from "../../core/errors";
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from "../../core/validation/findUnsafeText";

/**
 * Refuses, for every route, path parameters, query and JSON body holding a NUL character or a
 * lone surrogate: PostgreSQL cannot store either, and a route's own schema would let them
 * through to a 500. Answered as a 422 naming the field, before any schema or handler runs.
 */
export const unsafeTextGuard = fp(async (app: FastifyInstance) => {
  app.addHook("preValidation", async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findUnsafeText(part);
      if (field !== null) {
        throw new DomainError("VALIDATION", UNSAFE_TEXT_MESSAGE, {
          [field]: [UNSAFE_TEXT_MESSAGE],
        });
      }
    }
  });
});
