import type { Message } from "./messages";

/** The closed set of domain error codes; the server maps each to one HTTP status. */
export type ErrorCode =
  | "VALIDATION"
  | "BAD_REQUEST"
  | "NOT_FOUND"
  | "SLOT_NOT_AVAILABLE_ANYMORE"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "CONFLICT"
  | "RATE_LIMITED"
  | "GONE"
  | "UNAVAILABLE";

/** Per-field texts, the `errors` map of the spec's error response (in the request's language). */
export type FieldErrors = Record<string, string[]>;

/** Per-field messages of a domain error, translated where the error is answered. */
export type FieldMessages = Record<string, Message[]>;

/**
 * The one error domain code throws: a code (its HTTP status), a message by catalog key,
 * `fields` with per-field messages for VALIDATION, `retryAfterSeconds` when a RATE_LIMITED
 * or UNAVAILABLE caller may try again.
 */
export class DomainError extends Error {
  readonly fields?: FieldMessages;

  constructor(
    readonly code: ErrorCode,
    readonly detail: Message,
    fields?: FieldMessages,
    readonly retryAfterSeconds?: number,
  ) {
    // The key, not a sentence: logs name the message, the error handler says it in a language.
    super(detail.key);
    this.name = "DomainError";
    if (fields !== undefined) this.fields = fields;
  }
}
